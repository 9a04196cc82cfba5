// The side-by-side benchmark's reference (bench/compare.ts): a bare `node:http` server with no
// framework and no ORM, answering the app's recorded requests with the app's own statements and
// body (bench/replay.ts).
//   node --import tsx bench/bare-server.ts <recording.json> <port>   (DATABASE_URL in the env)
// It imports nothing of the app: what it costs is the floor for the same SQL and the same body.
// Its connections take the app's session settings (BARE_CONNECTION and BARE_PLAN_ONCE_CONNECTION, JSON); it compresses as Next.js
// does (gzip or deflate when asked, bodies of 1 KB or more, zlib's default level), so the bytes on
// the wire are the same too.
import { createServer } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { openReplay, replayConnections } from "./replay";

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

const [file, port] = process.argv.slice(2);
if (!file || !port || !process.env.DATABASE_URL) {
  console.error("usage: DATABASE_URL=… node --import tsx bench/bare-server.ts <recording.json> <port>");
  process.exit(2);
}
const replay = openReplay(file, process.env.DATABASE_URL, replayConnections());

const server = createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  if (req.url === "/health") {
    res.end("ok");
    return;
  }
  let answer;
  try {
    answer = await replay.answer(req.method ?? "GET", req.url ?? "/", Buffer.concat(chunks).toString("utf8"));
  } catch (error) {
    console.error(error);
    res.writeHead(500).end();
    return;
  }
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  const { status, contentType, text } = answer;
  const encoding = Buffer.byteLength(text) >= COMPRESSION_THRESHOLD ? acceptedEncoding(req.headers["accept-encoding"]) : undefined;
  if (!encoding) {
    res.writeHead(status, { "content-type": contentType, "content-length": Buffer.byteLength(text), vary: "Accept-Encoding" });
    res.end(text);
    return;
  }
  const compressed = await (encoding === "gzip" ? gzip : deflate)(text);
  res.writeHead(status, { "content-type": contentType, "content-encoding": encoding, vary: "Accept-Encoding" });
  res.end(compressed);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(port), "127.0.0.1");
const stop = () => server.close(() => void replay.end().then(() => process.exit(0)));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
