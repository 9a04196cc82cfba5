import { lookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { addressKind, allowedHostsFor, isAllowedHost, type OutboundPurpose } from "./addresses";

/*
 * The one way the app makes requests to addresses others choose (OAuth client metadata documents,
 * webhooks). A URL from outside could point at the machine itself, its private network or the
 * cloud provider's metadata service; so the name is resolved here, every address it resolves to
 * is checked (./addresses.ts), and the connection goes to the address that was checked — never
 * to a second resolution a rebinding DNS server could answer differently. Redirects are not
 * followed (a 3xx is answered as it is), the whole exchange has a deadline, and the body a size cap.
 *
 * `OUTBOUND_ALLOWED_HOSTS` (`host` or `host:port`, comma-separated) names hosts that may be
 * reached whatever their address, and over plain http: a webhook receiver on the same network,
 * a test server on 127.0.0.1; `WEBHOOK_ALLOWED_HOSTS` the same for webhook deliveries only.
 * Everything else must be https to a public address — webhooks may also use plain http to a
 * public address, as Chatwoot allows.
 */

export type OutboundOptions = {
  /** Decides which allow-lists apply (./addresses.ts `allowedHostsFor`). */
  purpose?: OutboundPurpose;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** For the whole exchange: resolving, connecting, and reading the body. */
  timeoutMs?: number;
  /** The response body's limit; a longer one is refused, or cut there with `truncate`. */
  maxBytes?: number;
  /** Keep the first `maxBytes` of a longer body and end the connection, instead of refusing it. */
  truncate?: boolean;
};

export type OutboundFailure = "invalid_url" | "insecure" | "refused_address" | "unresolved" | "timeout" | "too_large" | "network";

export class OutboundError extends Error {
  readonly code: OutboundFailure;
  constructor(code: OutboundFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "OutboundError";
    this.code = code;
  }
}

export const outboundDefaults = { timeoutMs: 5_000, maxBytes: 1024 * 1024 } as const;

/** Status codes whose responses have no body (the Response constructor refuses one). */
const bodiless = new Set([101, 204, 205, 304]);

export type Resolved = { address: string; family: 4 | 6 };

export const resolve = async (host: string): Promise<Resolved[]> => {
  const family = isIP(host);
  if (family === 4 || family === 6) return [{ address: host, family }];
  try {
    const found = await lookup(host, { all: true, verbatim: true });
    return found.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));
  } catch (error) {
    throw new OutboundError("unresolved", `${host} could not be resolved`, { cause: error });
  }
};

/** Hands the connection the address already checked, whatever the connection asks. */
const pinned =
  (target: Resolved): LookupFunction =>
  (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as (err: null, addresses: Resolved[]) => void)(null, [target]);
    else callback(null, target.address, target.family);
  };

export const targetOf = (url: string | URL, purpose: OutboundPurpose = "oauth_metadata") => {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new OutboundError("invalid_url", "The URL is not valid");
  }
  if (target.protocol !== "https:" && target.protocol !== "http:") throw new OutboundError("invalid_url", "Only http and https URLs can be fetched");
  if (target.username || target.password) throw new OutboundError("invalid_url", "URLs with credentials are not fetched");
  const host = target.hostname.replace(/^\[|\]$/g, "");
  const port = Number(target.port) || (target.protocol === "https:" ? 443 : 80);
  const allowed = isAllowedHost(allowedHostsFor(purpose), host, port);
  if (target.protocol === "http:" && !allowed && (purpose !== "webhook" || process.env.WEBHOOK_REQUIRE_HTTPS === "true")) {
    throw new OutboundError("insecure", "Plain http is only used for hosts in OUTBOUND_ALLOWED_HOSTS");
  }
  return { target, host, port, allowed };
};

/**
 * `fetch` for URLs from outside, with the guards above. Answers a `Response` with the whole body
 * read (a 3xx included: redirects are the caller's business); throws `OutboundError` otherwise.
 */
export const guardedFetch = async (url: string | URL, options: OutboundOptions = {}): Promise<Response> => {
  const { target, host, port, allowed } = targetOf(url, options.purpose);
  const timeoutMs = options.timeoutMs ?? outboundDefaults.timeoutMs;
  const maxBytes = options.maxBytes ?? outboundDefaults.maxBytes;
  const controller = new AbortController();
  const timeout = new OutboundError("timeout", `No answer from ${host} within ${timeoutMs} ms`);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort(timeout);
      reject(timeout);
    }, timeoutMs);
  });
  const exchange = async () => {
    const addresses = await resolve(host);
    if (addresses.length === 0) throw new OutboundError("unresolved", `${host} could not be resolved`);
    refuseNonPublic(host, addresses, allowed);
    // Each checked address in turn, while the connection itself fails (an IPv6 address on an IPv4-only network).
    for (const [index, address] of addresses.entries()) {
      if (controller.signal.aborted) throw timeout;
      try {
        return await send({ target, host, port, address, options, maxBytes, signal: controller.signal });
      } catch (error) {
        if (index === addresses.length - 1 || !unreachable(error)) throw error;
      }
    }
    throw new OutboundError("unresolved", `${host} could not be resolved`);
  };
  try {
    return await Promise.race([deadline, exchange()]);
  } finally {
    clearTimeout(timer);
  }
};

/** Refuses a host any of whose addresses is not public, unless the operator allowed it. */
export const refuseNonPublic = (host: string, addresses: readonly Resolved[], allowed: boolean) => {
  const refused = addresses.find((entry) => addressKind(entry.address) !== "public");
  if (refused && !allowed) {
    throw new OutboundError("refused_address", `${host} leads to a ${addressKind(refused.address).replace("_", "-")} address, which is not reached from here`);
  }
};

type Exchange = { target: URL; host: string; port: number; address: Resolved; options: OutboundOptions; maxBytes: number; signal: AbortSignal };

const send = ({ target, host, port, address, options, maxBytes, signal }: Exchange) =>
  new Promise<Response>((resolvePromise, reject) => {
    const body = typeof options.body === "string" ? Buffer.from(options.body, "utf8") : options.body;
    const headers: Record<string, string> = {
      "user-agent": "Venuedesk",
      "accept-encoding": "identity",
      ...options.headers,
      ...(body ? { "content-length": String(body.byteLength) } : {}),
    };
    const client = target.protocol === "https:" ? https : http;
    const request = client.request(
      {
        protocol: target.protocol,
        hostname: host,
        port,
        path: `${target.pathname}${target.search}`,
        method: options.method ?? "GET",
        headers,
        lookup: pinned(address),
        // Certificates are checked against the name, not the address we connect to.
        ...(isIP(host) ? {} : { servername: host }),
        agent: false,
        signal,
      },
      (response) => {
        // The first outcome wins; a refused body also ends the connection.
        const tooLarge = () => {
          reject(new OutboundError("too_large", `The response is larger than ${maxBytes} bytes`));
          request.destroy();
        };
        response.on("error", (error) => reject(failure(host, error)));
        if (!options.truncate && Number(response.headers["content-length"] ?? "0") > maxBytes) return tooLarge();
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          const status = response.statusCode ?? 502;
          const answer = new Headers();
          const raw = response.rawHeaders;
          for (let i = 0; i + 1 < raw.length; i += 2) {
            try {
              answer.append(raw[i]!, raw[i + 1]!);
            } catch {
              // A header value fetch's Headers cannot hold is dropped, not fatal.
            }
          }
          try {
            resolvePromise(new Response(bodiless.has(status) ? null : Buffer.concat(chunks), { status, statusText: response.statusMessage, headers: answer }));
          } catch (error) {
            reject(new OutboundError("network", `${host} answered with status ${status}, which cannot be read`, { cause: error }));
          }
        };
        response.on("data", (chunk: Buffer) => {
          if (size > maxBytes) return;
          size += chunk.byteLength;
          if (size <= maxBytes) return void chunks.push(chunk);
          if (!options.truncate) return tooLarge();
          chunks.push(chunk.subarray(0, chunk.byteLength - (size - maxBytes)));
          finish();
          request.destroy();
        });
        response.on("end", () => {
          if (size > maxBytes) return;
          finish();
        });
      },
    );
    request.on("error", (error) => reject(failure(host, error)));
    request.end(body);
  });

const unreachable = (error: unknown) =>
  error instanceof OutboundError && ["ECONNREFUSED", "EHOSTUNREACH", "ENETUNREACH", "EADDRNOTAVAIL"].includes((error.cause as { code?: string } | undefined)?.code ?? "");

const failure = (host: string, error: Error) => {
  if (error instanceof OutboundError) return error;
  if (error.cause instanceof OutboundError) return error.cause;
  return new OutboundError("network", `The request to ${host} failed: ${error.message}`, { cause: error });
};
