import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Where Venuedesk keeps its files: the embedded database, uploads, generated secrets. */
export const dataDir = () => path.resolve(process.env.DATA_DIR ?? ".data");

export const ensureDataDir = () => {
  const dir = dataDir();
  // 0755: the embedded PostgreSQL runs as the `postgres` user when we are root.
  mkdirSync(dir, { recursive: true, mode: 0o755 });
  return dir;
};

/** A secret from the environment, or one generated once and kept in the data dir. */
export const persistentSecret = (envName: string, fileName: string) => {
  const fromEnv = process.env[envName];
  if (fromEnv) return fromEnv;
  const file = path.join(ensureDataDir(), fileName);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
};
