import { chmodSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "@/db/embedded";
import { runMigrations } from "@/db/migrate";

declare module "vitest" {
  export interface ProvidedContext {
    postgresPort: number;
  }
}

export const TEMPLATE_DATABASE = "venuedesk_template";

/**
 * One PostgreSQL server for the whole run, a migrated template database, and (in
 * database.ts) a copy of it for every test file, so files run in parallel on their own data.
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "venuedesk-test-"));
  // initdb runs as the `postgres` user when we are root: it must be able to enter the folder.
  chmodSync(dataDir, 0o755);
  const server = await startEmbeddedPostgres({ databaseDir: path.join(dataDir, "postgres"), persistent: false, throwaway: true });
  const admin = postgres(server.urlFor("postgres"), { onnotice: () => {} });
  await admin.unsafe(`create database ${TEMPLATE_DATABASE}`);
  await admin.end();
  await runMigrations(server.urlFor(TEMPLATE_DATABASE));
  project.provide("postgresPort", server.port);
  return async () => {
    await server.stop();
  };
}
