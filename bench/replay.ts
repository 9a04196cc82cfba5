// What the side-by-side benchmark's references share (bench/compare.ts): the app's recorded
// answers, replayed. For a recorded request, the app's own statements (text and parameters as
// captured from its pool) go to PostgreSQL through postgres.js in the same waves (statements the
// app sent together go together); the answer is the app's body, serialized again per request (so
// JSON's cost is counted). It imports nothing of the app.
import { readFileSync } from "node:fs";
import postgres from "postgres";

/** `planOnce`: the app sent it on its plan-once connections (db/client.ts `planOnce`). */
export type RecordedStatement = { query: string; parameters: unknown[]; planOnce?: true };

export type RecordedRoute = {
  status: number;
  contentType: string;
  /** How the app compressed it for a client accepting gzip and deflate (null: not at all). */
  contentEncoding: string | null;
  /** The app's body as it was sent. */
  body: string;
  /** Statements in the order sent; each inner list went out together (one wave). */
  waves: RecordedStatement[][];
};

/** Recordings by request: `${method} ${path} ${body}`. */
export type Recording = Record<string, RecordedRoute>;

export const requestKey = (method: string, path: string, body: string) => `${method} ${path} ${body}`;

/** The pool the app uses (db/client.ts: 10 connections, and 2 plan-once connections beside them). */
const POOL_SIZE = 10;
const PLAN_ONCE_POOL_SIZE = 2;

/** Session settings of both kinds of connection, as the app's (BARE_CONNECTION, BARE_PLAN_ONCE_CONNECTION: JSON). */
export type ReplayConnections = { main: Record<string, string>; planOnce: Record<string, string> };

export const replayConnections = (): ReplayConnections => ({
  main: JSON.parse(process.env.BARE_CONNECTION ?? "{}") as Record<string, string>,
  planOnce: JSON.parse(process.env.BARE_PLAN_ONCE_CONNECTION ?? "{}") as Record<string, string>,
});

/**
 * A path with its query as URLSearchParams writes it: Next.js hands a route handler the query
 * re-encoded (`:` as `%3A`), so both sides of a look-up are put the same way.
 */
const samePath = (path: string) => {
  const url = new URL(path, "http://localhost");
  const query = url.searchParams.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
};

export type Replayed = { status: number; contentType: string; text: string };

/**
 * The recording in `file` served from `databaseUrl`, each statement on a connection with the
 * session settings of the one the app sent it on (`connections`): `answer` runs a request's
 * statements and gives its body, or null for a request that was not recorded.
 */
export const openReplay = (file: string, databaseUrl: string, connections: ReplayConnections) => {
  const recording = JSON.parse(readFileSync(file, "utf8")) as Recording;
  // The body as a value, serialized for every answer; the recording proves it comes out the same.
  const routes = new Map(
    Object.entries(recording).map(([key, route]) => {
      const value: unknown = JSON.parse(route.body);
      if (JSON.stringify(value) !== route.body) throw new Error(`${key}: the app's body does not serialize back to the same bytes`);
      const [method, path, ...body] = key.split(" ");
      return [requestKey(method!, samePath(path!), body.join(" ")), { ...route, value }];
    }),
  );
  // The app's parameters are on the wire as its driver sends them: drizzle passes dates, times and
  // JSON as text (and reads dates and times back as text). Same here, so the same values mean the same.
  const asText = (value: unknown) => value;
  const connect = (max: number, connection: Record<string, string>) => {
    const client = postgres(databaseUrl, { max, onnotice: () => {}, connection });
    for (const oid of [1184, 1082, 1083, 1114, 1182, 1185, 1115, 1231]) {
      client.options.parsers[oid] = asText;
      client.options.serializers[oid] = asText;
    }
    client.options.serializers[114] = asText;
    client.options.serializers[3802] = asText;
    return client;
  };
  const sql = connect(POOL_SIZE, connections.main);
  const planOnceSql = connect(PLAN_ONCE_POOL_SIZE, connections.planOnce);

  /** A statement as a hand-written server would send it: prepared once per connection, then bound. */
  const run = (statement: RecordedStatement) =>
    (statement.planOnce ? planOnceSql : sql).unsafe(statement.query, statement.parameters as postgres.ParameterOrJSON<never>[], { prepare: true });

  const replay = async (waves: RecordedStatement[][]) => {
    let transaction: postgres.ReservedSql | null = null;
    for (const wave of waves) {
      // A transaction's statements share one connection, in order, as in the app.
      const first = wave[0]!.query.trim().toLowerCase();
      if (first.startsWith("begin")) transaction = await sql.reserve();
      if (transaction) {
        for (const statement of wave) await transaction.unsafe(statement.query, statement.parameters as postgres.ParameterOrJSON<never>[]);
        if (/^(commit|rollback)/.test(first)) {
          transaction.release();
          transaction = null;
        }
        continue;
      }
      await Promise.all(wave.map(run));
    }
    transaction?.release();
  };

  return {
    answer: async (method: string, path: string, body: string): Promise<Replayed | null> => {
      const route = routes.get(requestKey(method, samePath(path), body));
      if (!route) return null;
      await replay(route.waves);
      return { status: route.status, contentType: route.contentType, text: JSON.stringify(route.value) };
    },
    end: () => Promise.all([sql.end(), planOnceSql.end()]),
  };
};
