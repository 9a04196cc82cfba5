import pino, { type Logger } from "pino";
import pretty from "pino-pretty";

/**
 * The server's one logger: JSON lines in production (for log shippers), readable lines in
 * development; `LOG_LEVEL` sets the threshold (default `info`; tests run at `warn`).
 * Errors are logged through `describeError`, never as raw objects: driver errors carry the
 * statement's parameter values and PostgreSQL quotes the offending input in its messages.
 */
const build = (): Logger => {
  const level = process.env.LOG_LEVEL ?? (process.env.VITEST ? "warn" : "info");
  const base = { service: "venuedesk" };
  if (process.env.NODE_ENV === "production") return pino({ level, base, timestamp: pino.stdTimeFunctions.isoTime });
  return pino({ level, base }, pretty({ sync: true, colorize: process.stdout.isTTY, ignore: "pid,hostname,service", translateTime: "SYS:HH:MM:ss.l" }));
};

let instance: Logger | null = null;
export const log = (): Logger => (instance ??= build());

type PostgresLike = { code?: unknown; severity?: unknown; message?: unknown; table_name?: unknown; column_name?: unknown; constraint_name?: unknown; routine?: unknown };

/** A PostgreSQL error somewhere in the cause chain (drizzle wraps the driver's). */
export const postgresError = (error: unknown): PostgresLike | undefined => {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 10; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as PostgresLike).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return e as PostgresLike;
  }
  return undefined;
};

/** Quoted input inside a database message (`invalid input syntax for type uuid: "…"`) is not logged. */
const redactQuoted = (text: string) => text.replace(/"(?:[^"\\]|\\.)*"/g, '"[redacted]"').replace(/'(?:[^'\\]|\\.)*'/g, "'[redacted]'");

const statementOf = (error: unknown): string | undefined => {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 10; e = (e as { cause?: unknown }).cause, depth++) {
    const query = (e as { query?: unknown }).query;
    // The statement text has $n placeholders; its parameters (`params`) are never read here.
    if (typeof query === "string") return query.length > 500 ? `${query.slice(0, 500)}…` : query;
  }
  return undefined;
};

/**
 * What an error may say in the log: its kind and stack, and for database errors the SQLSTATE,
 * table, constraint and the statement with placeholders — never parameter values or the
 * driver's message (which repeats them).
 */
export const describeError = (error: unknown): Record<string, unknown> => {
  if (!(error instanceof Error)) return { type: typeof error };
  const pg = postgresError(error);
  if (pg) {
    return {
      type: "DatabaseError",
      code: pg.code,
      severity: pg.severity,
      message: typeof pg.message === "string" ? redactQuoted(pg.message) : undefined,
      table: pg.table_name,
      column: pg.column_name,
      constraint: pg.constraint_name,
      routine: pg.routine,
      statement: statementOf(error),
    };
  }
  const statement = statementOf(error);
  if (statement !== undefined) {
    // A failed query that never reached the server (the driver refused a parameter, the connection broke).
    return { type: "DatabaseError", statement, cause: error.cause === undefined ? undefined : describeError(error.cause) };
  }
  return {
    type: error.name,
    message: redactQuoted(error.message.split("\n")[0]!.slice(0, 500)),
    stack: error.stack?.split("\n").slice(1, 8).join("\n"),
  };
};

/** Logs an unexpected failure of one request: its id, where, and the error as `describeError` allows. */
export const logFailure = (context: { requestId?: string; where: string }, error: unknown) =>
  log().error({ requestId: context.requestId, where: context.where, err: describeError(error) }, `${context.where} failed`);
