import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { dispatch } from "./app";

/*
 * Our route handlers behind a real HTTP server on 127.0.0.1, for clients that only speak HTTP
 * (the MCP SDK clients, the conformance suite): Node's request in, a web Request to the handlers,
 * the web Response streamed back.
 */

export type TestServer = { url: string; close: () => Promise<void> };

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** `addHeaders` may add headers to every request (the conformance suite cannot send a token itself). */
export const startServer = async (options: { addHeaders?: (headers: Headers) => void } = {}): Promise<TestServer> => {
  const server: Server = createServer((req, res) => {
    void (async () => {
      try {
        const address = server.address() as AddressInfo;
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers)) {
          if (Array.isArray(value)) for (const v of value) headers.append(name, v);
          else if (value !== undefined) headers.set(name, value);
        }
        options.addHeaders?.(headers);
        const body = req.method === "GET" || req.method === "HEAD" ? undefined : await readBody(req);
        const request = new Request(`http://127.0.0.1:${address.port}${req.url}`, { method: req.method, headers, body });
        const response = await dispatch(request);
        res.statusCode = response.status;
        response.headers.forEach((value, name) => res.setHeader(name, value));
        if (response.body) {
          for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) res.write(chunk);
        }
        res.end();
      } catch (error) {
        res.statusCode = 500;
        res.end(String(error));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
};
