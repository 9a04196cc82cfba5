import { timingSafeEqual } from "node:crypto";
import { BlockList, isIP } from "node:net";

/**
 * Which proxies in front of the app are trusted to say who the client is (`TRUST_PROXY`):
 * none (the default: the TCP peer is the client), a hop count, or a list of addresses and CIDR
 * ranges. The server (scripts/server.ts) always appends the TCP peer to `X-Forwarded-For`, so
 * its last entry is the one address no client can forge.
 */
export type ProxyTrust = { kind: "none" } | { kind: "hops"; hops: number } | { kind: "ranges"; ranges: BlockList };

/** Named ranges, as Express's `trust proxy` spells them, for the usual container and LAN setups. */
const namedRanges: Record<string, string[]> = {
  loopback: ["127.0.0.0/8", "::1/128"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

const mappedPrefix = "::ffff:";

/** An address in one spelling (IPv4-mapped IPv6 as IPv4, lower case, no port or brackets), or null. */
const normalize = (entry: string): string | null => {
  // Most entries are plain addresses already (the TCP peer always is): no pattern to try.
  const family = isIP(entry);
  if (family === 4) return entry;
  if (family === 6 && !entry.toLowerCase().startsWith(mappedPrefix)) return entry.toLowerCase();
  let address = entry.trim();
  // "[::1]:1234" and "1.2.3.4:5678" (ports some proxies add)
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(":"));
  if (address.toLowerCase().startsWith(mappedPrefix) && isIP(address.slice(mappedPrefix.length)) === 4) address = address.slice(mappedPrefix.length);
  return isIP(address) ? address.toLowerCase() : null;
};

const familyOf = (address: string) => (isIP(address) === 4 ? "ipv4" : "ipv6");

const addRange = (ranges: BlockList, item: string) => {
  const parts = item.split("/");
  const address = parts.length <= 2 ? normalize(parts[0]!) : null;
  if (!address) throw new Error(`TRUST_PROXY: "${item}" is not an address or CIDR range`);
  const family = familyOf(address);
  if (parts.length === 1) return ranges.addAddress(address, family);
  const bits = parts[1]!;
  // "::ffff:10.0.0.0/104" names the IPv4 range 10.0.0.0/8.
  const mapped = family === "ipv4" && parts[0]!.includes(":") ? 96 : 0;
  const prefix = Number(bits) - mapped;
  if (!/^\d+$/.test(bits) || prefix < 0 || prefix > (family === "ipv4" ? 32 : 128)) throw new Error(`TRUST_PROXY: "${item}" has an invalid prefix length`);
  ranges.addSubnet(address, prefix, family);
};

/** Parses `TRUST_PROXY`; throws on a value that names nothing, so a typo cannot trust everyone. */
export const parseProxyTrust = (value: string | undefined): ProxyTrust => {
  const text = value?.trim() ?? "";
  if (text === "" || text === "false" || text === "0" || text === "none") return { kind: "none" };
  if (/^\d+$/.test(text)) return { kind: "hops", hops: Number(text) };
  if (text === "true") throw new Error('TRUST_PROXY: "true" would believe any client; give the number of proxies in front of the app, or their addresses');
  const ranges = new BlockList();
  for (const item of text.split(",").map((part) => part.trim())) {
    if (item === "") throw new Error(`TRUST_PROXY: "${text}" has an empty entry`);
    for (const range of namedRanges[item.toLowerCase()] ?? [item]) addRange(ranges, range);
  }
  return { kind: "ranges", ranges };
};

const isTrusted = (ranges: BlockList, address: string) => ranges.check(address, familyOf(address));

/**
 * The client's address from an `X-Forwarded-For` chain whose last entry is the TCP peer:
 * trusted proxies are peeled off from the right, and the first address they vouch for is the
 * client. Entries that are not addresses end the walk (nothing left of them can be believed).
 */
export const clientAddress = (forwardedFor: string | null | undefined, trust: ProxyTrust): string | null => {
  const chain = (forwardedFor ?? "").split(",").map(normalize);
  let index = chain.length - 1;
  if (chain[index] === null || chain[index] === undefined) return null;
  if (trust.kind === "hops") {
    for (let hop = 0; hop < trust.hops && index > 0 && chain[index - 1] !== null; hop++) index--;
  } else if (trust.kind === "ranges") {
    while (index > 0 && isTrusted(trust.ranges, chain[index]!) && chain[index - 1] !== null) index--;
  }
  return chain[index]!;
};

/** What a client may say about the route its request took; only trusted proxies are believed. */
const hopHeaders = ["x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "x-real-ip", "forwarded"];

type NodeHeaders = Record<string, string | string[] | undefined>;

/**
 * Rewrites a request's headers (Node's `IncomingMessage.headers`, in place) before Next.js sees
 * them, so `X-Forwarded-For` ends with the TCP peer. Without trusted proxies, or when the peer
 * is not one of the trusted addresses, every hop header the client sent is dropped; behind
 * trusted proxies the peer is appended to the chain they built.
 */
export const rewriteForwardedHeaders = (headers: NodeHeaders, peer: string | undefined, trust: ProxyTrust) => {
  const peerAddress = peer ? normalize(peer) : null;
  const peerIsProxy = trust.kind === "hops" || (trust.kind === "ranges" && peerAddress !== null && isTrusted(trust.ranges, peerAddress));
  if (!peerIsProxy) for (const name of hopHeaders) delete headers[name];
  const chain = [headers["x-forwarded-for"]].flat().filter((value): value is string => Boolean(value?.trim()));
  if (peer) chain.push(peerAddress ?? peer);
  if (chain.length > 0) headers["x-forwarded-for"] = chain.join(", ");
  else delete headers["x-forwarded-for"];
};

/**
 * Next.js hands a Server Action posted to a page that lacks it to the page that has it by posting
 * the request again to this server (`__NEXT_PRIVATE_ORIGIN`, over loopback) with the headers as
 * they were settled here. This header, with a secret of the running server's, marks such a request
 * (the server puts it on every POST it passes to Next.js): its route headers are kept as settled.
 * Otherwise the loopback peer would replace the client (rate limits would count everyone as one)
 * and `X-Forwarded-Host` would be dropped, failing Next.js's check of the action's Origin.
 */
export const forwardedBySelfHeader = "x-venuedesk-forwarded-by-self";

const loopback = new BlockList();
for (const range of namedRanges.loopback!) addRange(loopback, range);

const sameSecret = (value: string | string[] | undefined, secret: string) => {
  if (typeof value !== "string" || value.length !== secret.length) return false;
  return timingSafeEqual(Buffer.from(value), Buffer.from(secret));
};

/**
 * `rewriteForwardedHeaders` for the server in front of Next.js (scripts/server.ts): a request
 * this server forwarded to itself (above) keeps its headers; any other has its route rewritten,
 * and a POST is marked so that Next.js's forwarding of it is recognised. No client can pass the
 * mark on: it is removed from what comes in, and only the server's `secret` matches.
 */
export const settleRequestHeaders = (headers: NodeHeaders, peer: string | undefined, trust: ProxyTrust, options: { method: string | undefined; secret: string }) => {
  const mark = headers[forwardedBySelfHeader];
  const peerAddress = peer ? normalize(peer) : null;
  if (sameSecret(mark, options.secret) && peerAddress !== null && isTrusted(loopback, peerAddress)) return;
  delete headers[forwardedBySelfHeader];
  rewriteForwardedHeaders(headers, peer, trust);
  if (options.method === "POST") headers[forwardedBySelfHeader] = options.secret;
};

let configured: { value: string | undefined; trust: ProxyTrust } | null = null;

/** `TRUST_PROXY` as configured now (parsed once per value). */
export const proxyTrust = (): ProxyTrust => {
  const value = process.env.TRUST_PROXY;
  if (!configured || configured.value !== value) configured = { value, trust: parseProxyTrust(value) };
  return configured.trust;
};

/** Where a request came from, by the one rule above; null when the request carries no peer. */
export const requestIp = (headers: Headers): string | null => clientAddress(headers.get("x-forwarded-for"), proxyTrust());

/** An IPv6 address's eight groups, as numbers (an IPv4 tail becomes the last two). */
const ipv6Groups = (ip: string): number[] | null => {
  const bare = ip.split("%")[0]!.toLowerCase();
  const v4 = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  let text = bare;
  if (v4) {
    const octets = v4[2]!.split(".").map(Number);
    text = `${v4[1]}${((octets[0]! << 8) | octets[1]!).toString(16)}:${((octets[2]! << 8) | octets[3]!).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  if (fill < 0) return null;
  const groups = [...head, ...Array<string>(fill).fill("0"), ...tail].map((group) => Number.parseInt(group, 16));
  return groups.length === 8 && groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null;
};

/**
 * What rate limits count a client by: an IPv4 address as it is, an IPv6 address by its /64 (what
 * one subscriber usually gets), so rotating through the addresses of one prefix gains nothing.
 * IPv4-mapped IPv6 addresses count as their IPv4 address.
 */
export const addressKey = (ip: string): string => {
  if (isIP(ip.split("%")[0]!) !== 6) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
};
