// The HTTP server around Next.js (`npm start` runs it; `--dev` for hot reload). Before Next.js
// sees a request it decides what the request may claim about where it came from (TRUST_PROXY)
// and gives the response its security headers (lib/http/security-headers.ts).
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { keepNativeDate } from "@/db/native-date";
import { parseProxyTrust, settleRequestHeaders, type ProxyTrust } from "@/lib/http/client-ip";
import { malformedPath, malformedPathAnswer } from "@/lib/http/malformed-path";
import { requestPath, securityHeaders } from "@/lib/http/security-headers";

const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT ?? 3000);
/** How long a stopping server lets requests in flight finish before it cuts them off. */
const drainMs = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const trustDescription = (trust: ProxyTrust) =>
  trust.kind === "none" ? "none (the TCP peer is the client)" : trust.kind === "hops" ? `${trust.hops} proxy hop(s)` : "the listed proxy addresses";

const readTrust = (): ProxyTrust => {
  try {
    return parseProxyTrust(process.env.TRUST_PROXY);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
};

/** Marks the requests Next.js forwards to this server (lib/http/client-ip.ts `settleRequestHeaders`); new at every start. */
const forwardingSecret = randomBytes(32).toString("base64url");

const prepareRequest = (req: IncomingMessage, res: ServerResponse, trust: ProxyTrust) => {
  settleRequestHeaders(req.headers, req.socket.remoteAddress, trust, { method: req.method, secret: forwardingSecret });
  const headers = securityHeaders({ path: requestPath(req.url), nonce: () => randomBytes(16).toString("base64"), dev, appUrl: process.env.APP_URL });
  // Next.js takes the nonce for its scripts from the request's policy: ours, never one the client sent.
  delete req.headers["content-security-policy"];
  delete req.headers["content-security-policy-report-only"];
  const csp = headers["Content-Security-Policy"];
  if (csp) req.headers["content-security-policy"] = csp;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
};

const main = async () => {
  const trust = readTrust();
  // Next.js wraps the global Date when it loads: rows are decoded with the constructor it wraps (db/native-date.ts).
  keepNativeDate();
  // Read when Next.js and React load, so it is settled before the import below.
  if (!process.env.NODE_ENV) Object.assign(process.env, { NODE_ENV: dev ? "development" : "production" });
  // tsx switches Node's source maps on for the TypeScript it runs. Next.js's production chunks
  // carry maps too: with them on, Node reads and keeps every chunk's map as it loads (about 100 MB
  // resident before the first request) and maps every stack trace. Off from here on, as under
  // `next start`; NODE_OPTIONS=--enable-source-maps keeps them for whoever wants mapped traces.
  if (!dev && !`${process.execArgv.join(" ")} ${process.env.NODE_OPTIONS ?? ""}`.includes("--enable-source-maps")) process.setSourceMapsEnabled(false);
  const { default: next } = await import("next");
  const server = createServer();
  // Longer than the idle timeout of the usual load balancers (60 s), so they never reuse a
  // connection we are closing; headers must arrive within that time as well.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  // Where Next.js fetches its own pages (a server action that redirects streams the target page
  // from here). `next start` sets it the same way; without it Next.js would follow the request's
  // X-Forwarded-Proto and fail to reach itself over https behind a TLS-terminating proxy.
  process.env.__NEXT_PRIVATE_ORIGIN = `http://localhost:${port}`;
  const app = next({ dev, dir: process.cwd(), port, httpServer: server });
  await app.prepare();
  const handle = app.getRequestHandler();

  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    prepareRequest(req, res, trust);
    if (malformedPath(req.url)) {
      const answer = malformedPathAnswer(requestPath(req.url));
      res.writeHead(400, { "Content-Type": answer.contentType }).end(answer.body);
      return;
    }
    handle(req, res).catch((error: unknown) => {
      console.error(`Failed to handle ${req.method} ${req.url}`, error);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.statusCode = 500;
      res.end("Internal Server Error");
    });
  });

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping the server`);
    // Idle keep-alive connections close at once; requests in flight get a moment to finish.
    // (WebSockets, such as hot reload's, never finish: the second timer ends the wait for them.)
    const closed = new Promise((resolve) => server.close(resolve));
    // Live streams never finish by themselves: end them now (lib/live/hub.ts), their clients reconnect elsewhere.
    void (globalThis as { venuedeskStopLive?: () => Promise<void> }).venuedeskStopLive?.();
    const cutOff = setTimeout(() => server.closeAllConnections(), dev ? 0 : drainMs);
    await Promise.race([closed, sleep(drainMs + 1_000)]);
    clearTimeout(cutOff);
    await Promise.race([app.close(), sleep(5_000)]);
    process.exit(0);
  };
  process.on("SIGTERM", (signal) => void stop(signal));
  process.on("SIGINT", (signal) => void stop(signal));

  server.on("error", (error) => {
    console.error(`The server could not listen on port ${port}: ${error.message}`);
    process.exit(1);
  });
  server.listen(port, () => console.log(`Next.js ${dev ? "development" : "production"} server on port ${port}; trusted proxies: ${trustDescription(trust)}`));
};

void main();
