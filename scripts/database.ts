import path from "node:path";
import postgres from "postgres";
import { runningServerPort, startEmbeddedPostgres, type EmbeddedServer } from "@/db/embedded";
import { ensureDataDir } from "@/lib/config/runtime";

export const EMBEDDED_DATABASE = "venuedesk";

const ensureDatabase = async (server: EmbeddedServer) => {
  const admin = postgres(server.urlFor("postgres"), { onnotice: () => {}, max: 1 });
  const [exists] = await admin`select 1 from pg_database where datname = ${EMBEDDED_DATABASE}`;
  if (!exists) await admin.unsafe(`create database ${EMBEDDED_DATABASE}`);
  await admin.end();
};

/** EMBEDDED_PG_FSYNC=off: the embedded server's data is thrown away after the run (npm test's browser tests). */
const embeddedFsyncOff = () => {
  const value = process.env.EMBEDDED_PG_FSYNC ?? "on";
  if (value !== "on" && value !== "off") throw new Error(`EMBEDDED_PG_FSYNC must be on or off, not ${JSON.stringify(value)}`);
  return value === "off";
};

export type Database = { url: string; embedded: EmbeddedServer | null };

/**
 * DATABASE_URL when set; otherwise the embedded server under $DATA_DIR/postgres.
 * `attach` (the CLI) reuses the app's running embedded server instead of starting one.
 */
export const openDatabase = async (options: { attach?: boolean } = {}): Promise<Database> => {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, embedded: null };
  const databaseDir = path.join(ensureDataDir(), "postgres");
  const running = options.attach ? runningServerPort(databaseDir) : null;
  if (running) return { url: `postgres://postgres:postgres@127.0.0.1:${running}/${EMBEDDED_DATABASE}`, embedded: null };
  const server = await startEmbeddedPostgres({
    databaseDir,
    port: process.env.EMBEDDED_PG_PORT ? Number(process.env.EMBEDDED_PG_PORT) : undefined,
    throwaway: embeddedFsyncOff(),
  });
  await ensureDatabase(server);
  return { url: server.urlFor(EMBEDDED_DATABASE), embedded: server };
};
