// The side-by-side benchmark's reference (bench/compare.ts): a bare `node:http` server with no
// framework and no ORM. For each request the app was recorded answering, it sends the app's own
// statements (text and parameters as captured from the app's pool) through postgres.js, in the
// same waves (statements the app sent together go together), then answers the app's body: the
// recorded JSON, serialized again per request (so JSON's cost is counted), byte-identical.
//   node --import tsx bench/bare-server.ts <recording.json> <port>   (DATABASE_URL in the env)
// It imports nothing of the app: what it costs is the floor for the same SQL and the same body.
// Its connections take the app's session settings (BARE_CONNECTION, JSON); it compresses as Next.js
// does (gzip or deflate when asked, bodies of 1 KB or more, zlib's default level), so the bytes on
// the wire are the same too.
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import zlib from "node:zlib";
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

/** Next.js's compression (the `compression` middleware's defaults): bodies from 1 KB, gzip before deflate. */
const COMPRESSION_THRESHOLD = 1024;
const gzip = promisify(zlib.gzip);
const deflate = promisify(zlib.deflate);
const acceptedEncoding = (header: string | string[] | undefined) => {
  const accepted = new Set(
    String(header ?? "")
      .split(",")
      .map((part) => part.split(";")[0]!.trim().toLowerCase()),
  );
  return accepted.has("gzip") ? "gzip" : accepted.has("deflate") ? "deflate" : undefined;
};

const isMain = /bare-server\.ts$/.test(process.argv[1] ?? "");

if (isMain) {
  const [file, port] = process.argv.slice(2);
  if (!file || !port || !process.env.DATABASE_URL) {
    console.error("usage: DATABASE_URL=… node --import tsx bench/bare-server.ts <recording.json> <port>");
    process.exit(2);
  }
  const recording = JSON.parse(readFileSync(file, "utf8")) as Recording;
  // The body as a value, serialized for every answer; the recording proves it comes out the same.
  const routes = new Map(
    Object.entries(recording).map(([key, route]) => {
      const value: unknown = JSON.parse(route.body);
      if (JSON.stringify(value) !== route.body) throw new Error(`${key}: the app's body does not serialize back to the same bytes`);
      return [key, { ...route, value }];
    }),
  );
  const connection = JSON.parse(process.env.BARE_CONNECTION ?? "{}") as Record<string, string>;
  const sql = postgres(process.env.DATABASE_URL, { max: POOL_SIZE, onnotice: () => {}, connection });
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
  const run = (statement: RecordedStatement, on: postgres.Sql = sql) => on.unsafe(statement.query, statement.parameters as postgres.ParameterOrJSON<never>[], { prepare: true });

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
      await Promise.all(wave.map((statement) => run(statement)));
    }
    transaction?.release();
  };

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.url === "/health") {
      res.end("ok");
      return;
    }
    const route = routes.get(requestKey(req.method ?? "GET", req.url ?? "/", Buffer.concat(chunks).toString("utf8")));
    if (!route) {
      res.writeHead(404).end();
      return;
    }
    try {
      await replay(route.waves);
    } catch (error) {
      console.error(error);
      res.writeHead(500).end();
      return;
    }
    const text = JSON.stringify(route.value);
    const encoding = Buffer.byteLength(text) >= COMPRESSION_THRESHOLD ? acceptedEncoding(req.headers["accept-encoding"]) : undefined;
    if (!encoding) {
      res.writeHead(route.status, { "content-type": route.contentType, "content-length": Buffer.byteLength(text), vary: "Accept-Encoding" });
      res.end(text);
      return;
    }
    const compressed = await (encoding === "gzip" ? gzip : deflate)(text);
    res.writeHead(route.status, { "content-type": route.contentType, "content-encoding": encoding, vary: "Accept-Encoding" });
    res.end(compressed);
  });
  server.keepAliveTimeout = 65_000;
  server.listen(Number(port), "127.0.0.1");
  const stop = () => server.close(() => void sql.end().then(() => process.exit(0)));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
