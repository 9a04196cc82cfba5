import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, inject } from "vitest";
import { getDb } from "@/db/client";

const port = inject("postgresPort");
const url = (database: string) => `postgres://postgres:postgres@127.0.0.1:${port}/${database}`;
const database = `test_${randomBytes(6).toString("hex")}`;

const admin = postgres(url("postgres"), { onnotice: () => {} });
await admin.unsafe(`create database ${database} template venuedesk_template`);
process.env.DATABASE_URL = url(database);
// Uploads and generated secrets of this file's tests go to a folder of their own.
process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "venuedesk-test-files-"));
delete (globalThis as { venuedeskDb?: unknown }).venuedeskDb;

afterAll(async () => {
  await getDb().$client.end();
  delete (globalThis as { venuedeskDb?: unknown }).venuedeskDb;
  await admin.unsafe(`drop database if exists ${database} with (force)`);
  await admin.end();
});
