import { createServer, type IncomingHttpHeaders, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";

/*
 * A real HTTP receiver on 127.0.0.1 for webhook, API-inbox and bot deliveries, allow-listed in
 * WEBHOOK_ALLOWED_HOSTS while it runs (the previous list comes back on close). Nothing leaves
 * the machine.
 */

/** Listens on a free loopback port with `handler`, allow-listed for webhook deliveries. */
export const listenOnLoopback = async (handler: RequestListener) => {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const saved = process.env.WEBHOOK_ALLOWED_HOSTS;
  const host = `127.0.0.1:${port}`;
  process.env.WEBHOOK_ALLOWED_HOSTS = saved ? `${saved},${host}` : host;
  return {
    base: `http://${host}`,
    port,
    close: async () => {
      if (saved === undefined) delete process.env.WEBHOOK_ALLOWED_HOSTS;
      else process.env.WEBHOOK_ALLOWED_HOSTS = saved;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

export type Received = { path: string; headers: IncomingHttpHeaders; body: string; json: Record<string, any> };

/**
 * Records every request. `script` sets, per path or per "path event", the statuses to answer in
 * turn (then 200) and extra response headers.
 */
export const startReceiver = async () => {
  const received: Received[] = [];
  const script = new Map<string, { statuses: number[]; headers?: Record<string, string> }>();
  const listening = await listenOnLoopback((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      const path = req.url ?? "/";
      const json = JSON.parse(body || "{}") as Record<string, any>;
      received.push({ path, headers: req.headers, body, json });
      const entry = script.get(`${path} ${json.event}`) ?? script.get(path);
      const status = entry?.statuses.shift() ?? 200;
      res.writeHead(status, { "content-type": "application/json", ...(entry?.headers ?? {}) });
      res.end(JSON.stringify({ ok: status < 300 }));
    });
  });
  return {
    ...listening,
    received,
    script,
    /** What arrived at `path` (of one event, when named). */
    seenAt: (path: string, event?: string) => received.filter((r) => r.path === path && (!event || r.json.event === event)),
  };
};

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
