import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { guardedFetch, OutboundError } from "@/lib/outbound/fetch";

/*
 * The guarded outbound client against a real server on 127.0.0.1: reachable only when the
 * operator allows that host and port, and then with its limits (no redirects, deadline, size cap).
 */

let server: Server;
let port: number;
const seen: { method?: string; headers: IncomingMessage["headers"]; body: string }[] = [];

const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  "/doc": (_req, res) => {
    res.writeHead(200, { "content-type": "application/json", "cache-control": "max-age=60" });
    res.end(JSON.stringify({ ok: true }));
  },
  "/redirect": (_req, res) => {
    res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" });
    res.end();
  },
  "/large": (_req, res) => {
    res.writeHead(200, { "content-type": "text/plain" });
    res.end("x".repeat(10_000));
  },
  "/stream": (_req, res) => {
    // No Content-Length: the cap must hold while the body arrives.
    res.writeHead(200, { "content-type": "text/plain" });
    for (let i = 0; i < 20; i++) res.write("y".repeat(1000));
    res.end();
  },
  "/slow": () => {
    // Never answers.
  },
  "/echo": (req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      seen.push({ method: req.method, headers: req.headers, body });
      res.writeHead(204);
      res.end();
    });
  },
};

const original = process.env.OUTBOUND_ALLOWED_HOSTS;

beforeAll(async () => {
  server = createServer((req, res) => {
    const route = routes[new URL(req.url ?? "/", "http://x").pathname];
    if (route) route(req, res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterEach(() => {
  if (original === undefined) delete process.env.OUTBOUND_ALLOWED_HOSTS;
  else process.env.OUTBOUND_ALLOWED_HOSTS = original;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const allow = (value = `127.0.0.1:${port}`) => {
  process.env.OUTBOUND_ALLOWED_HOSTS = value;
};

const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(OutboundError);
    return (error as OutboundError).code;
  }
  throw new Error("the request was not refused");
};

describe("guardedFetch", () => {
  it("refuses a loopback server that is not on the allow-list", async () => {
    delete process.env.OUTBOUND_ALLOWED_HOSTS;
    expect(await failure(guardedFetch(`http://127.0.0.1:${port}/doc`))).toBe("insecure");
    expect(await failure(guardedFetch(`https://127.0.0.1:${port}/doc`))).toBe("refused_address");
    expect(await failure(guardedFetch(`https://localhost:${port}/doc`))).toBe("refused_address");
    expect(await failure(guardedFetch(`https://[::ffff:127.0.0.1]:${port}/doc`))).toBe("refused_address");
  });

  it("refuses the allow-listed host on another port", async () => {
    allow(`127.0.0.1:${port + 1}`);
    expect(await failure(guardedFetch(`https://127.0.0.1:${port}/doc`))).toBe("refused_address");
  });

  it("fetches from an allow-listed host, with the response's status, headers and body", async () => {
    allow();
    const response = await guardedFetch(`http://127.0.0.1:${port}/doc`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("max-age=60");
    expect(await response.json()).toEqual({ ok: true });
  });

  it("allows a host listed without a port on any port", async () => {
    allow("127.0.0.1");
    expect((await guardedFetch(`http://127.0.0.1:${port}/doc`)).status).toBe(200);
  });

  it("resolves an allow-listed name and connects to an address it resolved to", async () => {
    allow(`localhost:${port}`);
    expect(await (await guardedFetch(`http://localhost:${port}/doc`)).json()).toEqual({ ok: true });
  });

  it("does not follow redirects", async () => {
    allow();
    const response = await guardedFetch(`http://127.0.0.1:${port}/redirect`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("http://169.254.169.254/latest/meta-data/");
  });

  it("refuses a body over the cap, declared or streamed", async () => {
    allow();
    expect(await failure(guardedFetch(`http://127.0.0.1:${port}/large`, { maxBytes: 1000 }))).toBe("too_large");
    expect(await failure(guardedFetch(`http://127.0.0.1:${port}/stream`, { maxBytes: 5000 }))).toBe("too_large");
    expect((await (await guardedFetch(`http://127.0.0.1:${port}/stream`, { maxBytes: 20_000 })).text()).length).toBe(20_000);
  });

  it("gives up at the deadline", async () => {
    allow();
    const started = Date.now();
    expect(await failure(guardedFetch(`http://127.0.0.1:${port}/slow`, { timeoutMs: 300 }))).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("sends the method, headers and body it is given", async () => {
    allow();
    const response = await guardedFetch(`http://127.0.0.1:${port}/echo`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-venuedesk-signature": "abc" },
      body: JSON.stringify({ event: "ping" }),
    });
    expect(response.status).toBe(204);
    expect(seen.at(-1)).toMatchObject({ method: "POST", body: '{"event":"ping"}', headers: { "x-venuedesk-signature": "abc", "content-length": "16" } });
  });

  it.each([
    ["ftp://127.0.0.1/file", "invalid_url"],
    ["file:///etc/passwd", "invalid_url"],
    ["not a url", "invalid_url"],
    ["https://user:secret@example.test/", "invalid_url"],
    ["http://example.test/", "insecure"],
    ["https://169.254.169.254/latest/meta-data/", "refused_address"],
    ["https://10.0.0.1/", "refused_address"],
    ["https://[fd00:ec2::254]/", "refused_address"],
    ["https://0.0.0.0/", "refused_address"],
  ])("refuses %s (%s)", async (url, code) => {
    delete process.env.OUTBOUND_ALLOWED_HOSTS;
    expect(await failure(guardedFetch(url))).toBe(code);
  });
});
