import { BlockList, isIP } from "node:net";

/*
 * Which addresses an outgoing request may reach. Pure: the guarded client (./fetch.ts) asks this
 * about every address a name resolves to, before it connects. Only public unicast addresses pass;
 * everything that leads into the machine, its network or its cloud provider does not.
 */

export type AddressKind =
  | "public"
  | "unspecified"
  | "loopback"
  | "private"
  | "link_local"
  | "cgnat"
  | "multicast"
  | "reserved"
  | "documentation"
  | "invalid";

type Range = { cidr: string; kind: Exclude<AddressKind, "public" | "invalid"> };

/*
 * Cloud metadata services live in these ranges too: 169.254.169.254 (AWS, GCP, Azure, …) is
 * link-local, 100.100.100.200 (Alibaba) is in the shared CGNAT range, fd00:ec2::254 (AWS over
 * IPv6) is unique-local.
 */
const ipv4Ranges: Range[] = [
  { cidr: "0.0.0.0/8", kind: "unspecified" },
  { cidr: "10.0.0.0/8", kind: "private" },
  { cidr: "100.64.0.0/10", kind: "cgnat" },
  { cidr: "127.0.0.0/8", kind: "loopback" },
  { cidr: "169.254.0.0/16", kind: "link_local" },
  { cidr: "172.16.0.0/12", kind: "private" },
  { cidr: "192.0.0.0/24", kind: "reserved" },
  { cidr: "192.0.2.0/24", kind: "documentation" },
  { cidr: "192.88.99.0/24", kind: "reserved" },
  { cidr: "192.168.0.0/16", kind: "private" },
  { cidr: "198.18.0.0/15", kind: "reserved" },
  { cidr: "198.51.100.0/24", kind: "documentation" },
  { cidr: "203.0.113.0/24", kind: "documentation" },
  { cidr: "224.0.0.0/4", kind: "multicast" },
  { cidr: "240.0.0.0/4", kind: "reserved" },
];

const ipv6Ranges: Range[] = [
  { cidr: "::/128", kind: "unspecified" },
  { cidr: "::1/128", kind: "loopback" },
  // IPv4-compatible addresses (deprecated); the mapped ones (::ffff:0:0/96) are judged by their IPv4 part.
  { cidr: "::/96", kind: "reserved" },
  { cidr: "100::/64", kind: "reserved" },
  { cidr: "2001:db8::/32", kind: "documentation" },
  { cidr: "2001::/23", kind: "reserved" },
  { cidr: "fc00::/7", kind: "private" },
  { cidr: "fe80::/10", kind: "link_local" },
  { cidr: "fec0::/10", kind: "private" },
  { cidr: "ff00::/8", kind: "multicast" },
];

const listOf = (ranges: Range[], family: "ipv4" | "ipv6") =>
  ranges.map(({ cidr, kind }) => {
    const [address, bits] = cidr.split("/");
    const list = new BlockList();
    list.addSubnet(address!, Number(bits), family);
    return { list, kind };
  });

const ipv4Lists = listOf(ipv4Ranges, "ipv4");
const ipv6Lists = listOf(ipv6Ranges, "ipv6");

/** The IPv4 address held in words `at` and `at + 1` of an IPv6 address, dotted. */
const embeddedIpv4 = (words: number[], at: number) =>
  [words[at]! >> 8, words[at]! & 0xff, words[at + 1]! >> 8, words[at + 1]! & 0xff].join(".");

/** The eight 16-bit words of an IPv6 address (with or without an embedded dotted IPv4 tail). */
const ipv6Words = (address: string): number[] | null => {
  let text = address.toLowerCase();
  const dotted = /^(.*:)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (dotted) {
    const octets = dotted[2]!.split(".").map(Number);
    text = `${dotted[1]}${((octets[0]! << 8) | octets[1]!).toString(16)}:${((octets[2]! << 8) | octets[3]!).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((word) => parseInt(word, 16)));
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const words = [...head, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...tail];
  return words.length === 8 && words.every((word) => Number.isInteger(word) && word >= 0 && word <= 0xffff) ? words : null;
};

/**
 * What an IP address is, for deciding whether we may connect to it. IPv6 addresses that carry an
 * IPv4 address (mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`) are judged by
 * the IPv4 address they lead to.
 */
export const addressKind = (raw: string): AddressKind => {
  const address = raw.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(address);
  if (family === 4) return ipv4Lists.find(({ list }) => list.check(address, "ipv4"))?.kind ?? "public";
  if (family !== 6) return "invalid";
  const words = ipv6Words(address);
  if (!words) return "invalid";
  const isMapped = words.slice(0, 5).every((word) => word === 0) && words[5] === 0xffff;
  const isNat64 = words[0] === 0x64 && words[1] === 0xff9b && words.slice(2, 6).every((word) => word === 0);
  if (isMapped || isNat64) return addressKind(embeddedIpv4(words, 6));
  if (words[0] === 0x2002) return addressKind(embeddedIpv4(words, 1));
  return ipv6Lists.find(({ list }) => list.check(address, "ipv6"))?.kind ?? "public";
};

export const isPublicAddress = (address: string) => addressKind(address) === "public";

/** A host (and port) an operator lets outgoing requests reach whatever its address: `OUTBOUND_ALLOWED_HOSTS`. */
export type AllowedHost = { host: string; port: number | null };

/** `host` or `host:port` entries, comma-separated; IPv6 literals in brackets (`[::1]:8080`). */
export const parseAllowedHosts = (value: string | undefined): AllowedHost[] =>
  (value ?? "")
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean)
    .map((entry) => {
      const match = /^(\[[^\]]+\]|[^:]+)(?::(\d{1,5}))?$/.exec(entry);
      if (!match) throw new Error(`OUTBOUND_ALLOWED_HOSTS: "${entry}" is not a host or host:port`);
      return { host: match[1]!.replace(/^\[|\]$/g, ""), port: match[2] === undefined ? null : Number(match[2]) };
    });

/** Whether a URL's host and port are on the operator's list. */
export const isAllowedHost = (allowed: readonly AllowedHost[], host: string, port: number) => {
  const name = host.toLowerCase().replace(/^\[|\]$/g, "").replace(/\.$/, "");
  return allowed.some((entry) => entry.host === name && (entry.port === null || entry.port === port));
};

/**
 * What an outgoing request is for. `OUTBOUND_ALLOWED_HOSTS` admits a host for every purpose;
 * `WEBHOOK_ALLOWED_HOSTS` only for webhook and agent-bot deliveries (an internal automation host
 * is not thereby a valid OAuth metadata host).
 */
export type OutboundPurpose = "webhook" | "oauth_metadata";

export const allowedHostsFor = (purpose: OutboundPurpose): AllowedHost[] => [
  ...parseAllowedHosts(process.env.OUTBOUND_ALLOWED_HOSTS),
  ...(purpose === "webhook" ? parseAllowedHosts(process.env.WEBHOOK_ALLOWED_HOSTS) : []),
];
