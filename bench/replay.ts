// What the side-by-side benchmark's references share (bench/compare.ts): the app's recorded
// answers, replayed. For a recorded request, the app's own statements (text and parameters as
// captured from its pool) go to PostgreSQL through postgres.js in the same waves (statements the
// app sent together go together); the answer is the app's body, serialized again per request (so
// JSON's cost is counted). It imports nothing of the app.
import { readFileSync } from "node:fs";
import postgres from "postgres";

export type RecordedStatement = { query: string; parameters: unknown[] };

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

/** The pool the app uses (db/client.ts: 10 connections). */
const POOL_SIZE = 10;

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
 * The recording in `file` served from `databaseUrl`, on connections with the app's session
 * settings (`connection`): `answer` runs a request's statements and gives its body, or null for a
 * request that was not recorded.
 */
export const openReplay = (file: string, databaseUrl: string, connection: Record<string, string>) => {
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
  const sql = postgres(databaseUrl, { max: POOL_SIZE, onnotice: () => {}, connection });
  // The app's parameters are on the wire as its driver sends them: drizzle passes dates, times and
  // JSON as text (and reads dates and times back as text). Same here, so the same values mean the same.
  const asText = (value: unknown) => value;
  for (const oid of [1184, 1082, 1083, 1114, 1182, 1185, 1115, 1231]) {
    sql.options.parsers[oid] = asText;
    sql.options.serializers[oid] = asText;
  }
  sql.options.serializers[114] = asText;
  sql.options.serializers[3802] = asText;

  /** A statement as a hand-written server would send it: prepared once per connection, then bound. */
  const run = (statement: RecordedStatement) => sql.unsafe(statement.query, statement.parameters as postgres.ParameterOrJSON<never>[], { prepare: true });

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
    end: () => sql.end(),
  };
};
