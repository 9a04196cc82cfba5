import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { checkOutboundUrl } from "@/lib/outbound/check";
import { guardedFetch, OutboundError } from "@/lib/outbound/fetch";

/*
 * WEBHOOK_ALLOWED_HOSTS admits a host for webhook deliveries only; OUTBOUND_ALLOWED_HOSTS for
 * every purpose. A name that resolves to 127.0.0.1 is refused when it is not allowed.
 */

let server: Server;
let port: number;
const saved = { outbound: process.env.OUTBOUND_ALLOWED_HOSTS, webhook: process.env.WEBHOOK_ALLOWED_HOSTS };

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/large") {
      res.writeHead(200, { "content-type": "text/plain", "content-length": "100000" });
      res.end("z".repeat(100_000));
      return;
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterEach(() => {
  for (const [name, value] of [
    ["OUTBOUND_ALLOWED_HOSTS", saved.outbound],
    ["WEBHOOK_ALLOWED_HOSTS", saved.webhook],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const code = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return "ok";
  } catch (error) {
    if (error instanceof OutboundError) return error.code;
    throw error;
  }
};

describe("allow-lists by purpose", () => {
  it("lets WEBHOOK_ALLOWED_HOSTS reach a loopback host for webhooks and nothing else", async () => {
    delete process.env.OUTBOUND_ALLOWED_HOSTS;
    process.env.WEBHOOK_ALLOWED_HOSTS = `127.0.0.1:${port}`;
    expect(await code(guardedFetch(`http://127.0.0.1:${port}/`, { purpose: "webhook", method: "POST", body: "{}" }))).toBe("ok");
    expect(await code(guardedFetch(`http://127.0.0.1:${port}/`, { purpose: "oauth_metadata" }))).toBe("insecure");
  });

  it("lets OUTBOUND_ALLOWED_HOSTS reach it for every purpose", async () => {
    delete process.env.WEBHOOK_ALLOWED_HOSTS;
    process.env.OUTBOUND_ALLOWED_HOSTS = `127.0.0.1:${port}`;
    expect(await code(guardedFetch(`http://127.0.0.1:${port}/`, { purpose: "webhook" }))).toBe("ok");
    expect(await code(guardedFetch(`http://127.0.0.1:${port}/`, { purpose: "oauth_metadata" }))).toBe("ok");
  });

  it("refuses at connect time a name that resolves to 127.0.0.1, and a loopback address, when not allowed", async () => {
    delete process.env.WEBHOOK_ALLOWED_HOSTS;
    delete process.env.OUTBOUND_ALLOWED_HOSTS;
    expect(await code(guardedFetch(`http://localhost:${port}/`, { purpose: "webhook" }))).toBe("refused_address");
    expect(await code(guardedFetch(`http://127.0.0.1:${port}/`, { purpose: "webhook" }))).toBe("refused_address");
    expect(await code(guardedFetch(`http://169.254.169.254/latest/meta-data/`, { purpose: "webhook" }))).toBe("refused_address");
  });

  it("keeps the first bytes of a long answer with truncate, and refuses it without", async () => {
    process.env.WEBHOOK_ALLOWED_HOSTS = `127.0.0.1:${port}`;
    const response = await guardedFetch(`http://127.0.0.1:${port}/large`, { purpose: "webhook", maxBytes: 1000, truncate: true });
    expect(response.status).toBe(200);
    expect((await response.text()).length).toBe(1000);
    expect(await code(guardedFetch(`http://127.0.0.1:${port}/large`, { purpose: "webhook", maxBytes: 1000 }))).toBe("too_large");
  });
});

describe("the save-time check", () => {
  it.each([
    ["http://127.0.0.1:9/hook", "refused_address"],
    ["http://localhost:9/hook", "refused_address"],
    ["http://10.0.0.5/hook", "refused_address"],
    ["http://[::1]/hook", "refused_address"],
    ["http://169.254.169.254/latest", "refused_address"],
    ["https://hooks.example.test/in", "ok"],
    ["http://user:pw@example.com/", "invalid_url"],
    ["ftp://example.com/", "invalid_url"],
  ])("judges %s: %s", async (url, expected) => {
    delete process.env.WEBHOOK_ALLOWED_HOSTS;
    delete process.env.OUTBOUND_ALLOWED_HOSTS;
    expect(await code(checkOutboundUrl(url, "webhook"))).toBe(expected);
  });

  it("accepts an allow-listed loopback host", async () => {
    process.env.WEBHOOK_ALLOWED_HOSTS = "localhost";
    expect(await code(checkOutboundUrl("http://localhost:9/hook", "webhook"))).toBe("ok");
  });
});
