import { afterEach, describe, expect, it, vi } from "vitest";
import { addressKey, clientAddress, forwardedBySelfHeader, parseProxyTrust, requestIp, rewriteForwardedHeaders, settleRequestHeaders } from "@/lib/http/client-ip";

describe("parseProxyTrust", () => {
  it.each([undefined, "", "  ", "none", "false", "0"])("trusts no proxy for %j", (value) => {
    expect(parseProxyTrust(value)).toEqual({ kind: "none" });
  });

  it.each([
    ["1", 1],
    ["2", 2],
    [" 3 ", 3],
  ])("reads %j as a hop count", (value, hops) => {
    expect(parseProxyTrust(value)).toEqual({ kind: "hops", hops });
  });

  it.each([
    ["10.0.0.1", ["10.0.0.1"], ["10.0.0.2"]],
    ["10.0.0.0/8, 192.168.1.0/24", ["10.255.0.1", "192.168.1.77"], ["11.0.0.1", "192.168.2.1"]],
    ["fd00::/8", ["fd12:3456::1"], ["fe80::1", "2001:db8::1"]],
    ["2001:DB8::1", ["2001:db8::1"], ["2001:db8::2"]],
    ["::ffff:10.0.0.0/104", ["10.9.9.9"], ["11.0.0.1"]],
    ["[::1]", ["::1"], ["::2"]],
    ["loopback", ["127.0.0.1", "127.8.0.1", "::1"], ["10.0.0.1"]],
    ["uniquelocal", ["10.1.2.3", "172.20.0.5", "192.168.0.9", "fd00::5"], ["172.32.0.1", "8.8.8.8"]],
    ["loopback, 203.0.113.7", ["127.0.0.1", "203.0.113.7"], ["203.0.113.8"]],
  ])("reads %j as addresses and ranges", (value, inside, outside) => {
    const trust = parseProxyTrust(value);
    if (trust.kind !== "ranges") throw new Error(`expected ranges, got ${trust.kind}`);
    for (const address of inside) expect(clientAddress(`1.1.1.1, ${address}`, trust), address).toBe("1.1.1.1");
    for (const address of outside) expect(clientAddress(`1.1.1.1, ${address}`, trust), address).toBe(address);
  });

  it.each([
    ["true", /would believe any client/],
    ["yes", /"yes" is not an address/],
    ["10.0.0.0/33", /invalid prefix length/],
    ["2001:db8::/129", /invalid prefix length/],
    ["10.0.0.0/", /invalid prefix length/],
    ["10.0.0.0/8/9", /not an address/],
    ["10.0.0.0/x", /invalid prefix length/],
    ["::ffff:10.0.0.0/95", /invalid prefix length/],
    ["300.1.1.1", /not an address/],
    ["10.0.0.1,,10.0.0.2", /empty entry/],
    ["-1", /not an address/],
    ["1.5", /not an address/],
  ])("refuses %j", (value, message) => {
    expect(() => parseProxyTrust(value)).toThrow(message);
  });
});

describe("clientAddress", () => {
  const none = parseProxyTrust("none");
  const one = parseProxyTrust("1");
  const two = parseProxyTrust("2");
  const lan = parseProxyTrust("10.0.0.0/8, fd00::/8");

  it.each([
    // No trusted proxy: the TCP peer (the last entry) is the client, whatever came before it.
    ["just the peer", "203.0.113.9", none, "203.0.113.9"],
    ["a forged chain before the peer", "6.6.6.6, 7.7.7.7, 203.0.113.9", none, "203.0.113.9"],
    ["an IPv4-mapped peer", "6.6.6.6, ::ffff:203.0.113.9", none, "203.0.113.9"],
    ["an IPv6 peer", "2001:DB8::9", none, "2001:db8::9"],
    // One proxy: the entry it added before its own address.
    ["one proxy", "198.51.100.4, 10.0.0.2", one, "198.51.100.4"],
    ["one proxy after a forged prefix", "6.6.6.6, 198.51.100.4, 10.0.0.2", one, "198.51.100.4"],
    ["one proxy, reached directly", "198.51.100.4", one, "198.51.100.4"],
    // Two proxies (CDN, then load balancer).
    ["two proxies", "198.51.100.4, 192.0.2.1, 10.0.0.2", two, "198.51.100.4"],
    ["two proxies after forged prefixes", "6.6.6.6, 5.5.5.5, 198.51.100.4, 192.0.2.1, 10.0.0.2", two, "198.51.100.4"],
    ["two proxies, a shorter chain", "192.0.2.1, 10.0.0.2", two, "192.0.2.1"],
    // Ranges: trusted addresses are peeled from the right.
    ["a trusted peer", "198.51.100.4, 10.0.0.2", lan, "198.51.100.4"],
    ["two trusted hops", "6.6.6.6, 198.51.100.4, 10.1.1.1, 10.0.0.2", lan, "198.51.100.4"],
    ["an untrusted peer", "6.6.6.6, 198.51.100.4", lan, "198.51.100.4"],
    ["a trusted IPv6 peer", "2001:db8::7, fd00::1", lan, "2001:db8::7"],
    ["a trusted IPv4-mapped peer", "198.51.100.4, ::ffff:10.0.0.2", lan, "198.51.100.4"],
    ["a chain of nothing but trusted hops", "10.0.0.9, 10.0.0.2", lan, "10.0.0.9"],
    // Ports and brackets some proxies add.
    ["an IPv4 address with a port", "198.51.100.4:51234, 10.0.0.2", lan, "198.51.100.4"],
    ["a bracketed IPv6 address with a port", "[2001:db8::7]:443, 10.0.0.2", lan, "2001:db8::7"],
    // Garbage ends the walk: nothing left of it can be believed.
    ["garbage before the client", "not-an-ip, 198.51.100.4, 10.0.0.2", one, "198.51.100.4"],
    ["garbage where the client should be", "unknown, 10.0.0.2", one, "10.0.0.2"],
    ["garbage before a trusted hop", "unknown, 10.0.0.2", lan, "10.0.0.2"],
    ["an empty entry where the client should be", ", 10.0.0.2", two, "10.0.0.2"],
  ])("%s", (_name, chain, trust, expected) => {
    expect(clientAddress(chain, trust)).toBe(expected);
  });

  it.each([
    ["no header", undefined],
    ["an empty header", ""],
    ["a peer that is not an address", "1.2.3.4, garbage"],
    ["a trailing comma", "1.2.3.4,"],
  ])("has no address for %s", (_name, chain) => {
    expect(clientAddress(chain, one)).toBeNull();
  });
});

describe("rewriteForwardedHeaders", () => {
  const forged = () => ({
    host: "venue.example",
    "x-forwarded-for": "6.6.6.6",
    "x-forwarded-host": "evil.example",
    "x-forwarded-proto": "https",
    "x-forwarded-port": "443",
    "x-real-ip": "6.6.6.6",
    forwarded: "for=6.6.6.6",
  });

  it("keeps nothing a client says about its route when no proxy is trusted", () => {
    const headers: Record<string, string | string[] | undefined> = forged();
    rewriteForwardedHeaders(headers, "203.0.113.9", parseProxyTrust(undefined));
    expect(headers).toEqual({ host: "venue.example", "x-forwarded-for": "203.0.113.9" });
  });

  it("appends the peer to the chain trusted proxies built, keeping their other headers", () => {
    const headers: Record<string, string | string[] | undefined> = forged();
    rewriteForwardedHeaders(headers, "10.0.0.2", parseProxyTrust("1"));
    expect(headers).toMatchObject({ "x-forwarded-for": "6.6.6.6, 10.0.0.2", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" });
  });

  it("believes a listed proxy, and only a listed proxy", () => {
    const trust = parseProxyTrust("10.0.0.0/8");
    const viaProxy: Record<string, string | string[] | undefined> = forged();
    rewriteForwardedHeaders(viaProxy, "::ffff:10.0.0.2", trust);
    expect(viaProxy).toMatchObject({ "x-forwarded-for": "6.6.6.6, 10.0.0.2", "x-forwarded-proto": "https" });
    expect(clientAddress(viaProxy["x-forwarded-for"] as string, trust)).toBe("6.6.6.6");

    const direct: Record<string, string | string[] | undefined> = forged();
    rewriteForwardedHeaders(direct, "203.0.113.9", trust);
    expect(direct).toEqual({ host: "venue.example", "x-forwarded-for": "203.0.113.9" });
  });

  it("starts a chain when the proxy sent none", () => {
    const headers: Record<string, string | string[] | undefined> = { host: "venue.example" };
    rewriteForwardedHeaders(headers, "10.0.0.2", parseProxyTrust("1"));
    expect(headers["x-forwarded-for"]).toBe("10.0.0.2");
  });

  it("writes the peer in one spelling", () => {
    const headers: Record<string, string | string[] | undefined> = {};
    rewriteForwardedHeaders(headers, "::ffff:127.0.0.1", parseProxyTrust(undefined));
    expect(headers["x-forwarded-for"]).toBe("127.0.0.1");
  });

  it("leaves no chain when the connection has no peer address", () => {
    const headers: Record<string, string | string[] | undefined> = forged();
    rewriteForwardedHeaders(headers, undefined, parseProxyTrust(undefined));
    expect(headers["x-forwarded-for"]).toBeUndefined();
  });
});

describe("settleRequestHeaders", () => {
  const secret = "s".repeat(43);
  const none = parseProxyTrust(undefined);
  type Headers = Record<string, string | string[] | undefined>;
  /** What the server settled for a browser's POST, as Next.js posts it again to the server over loopback. */
  const settledPost = (): Headers => {
    const headers: Headers = { host: "venue.example", origin: "https://venue.example" };
    settleRequestHeaders(headers, "203.0.113.9", none, { method: "POST", secret });
    return { ...headers, host: "localhost:3000", "x-forwarded-host": "venue.example", "x-forwarded-proto": "https" };
  };

  it("marks a POST with the server's secret after settling its route, and leaves other methods unmarked", () => {
    const post: Headers = { "x-forwarded-host": "evil.example", [forwardedBySelfHeader]: "guess" };
    settleRequestHeaders(post, "203.0.113.9", none, { method: "POST", secret });
    expect(post).toEqual({ "x-forwarded-for": "203.0.113.9", [forwardedBySelfHeader]: secret });
    const get: Headers = { [forwardedBySelfHeader]: secret };
    settleRequestHeaders(get, "203.0.113.9", none, { method: "GET", secret });
    expect(get).toEqual({ "x-forwarded-for": "203.0.113.9" });
  });

  it("keeps the route of a request the server forwarded to itself: the client's address and host", () => {
    for (const peer of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
      const forwarded = settledPost();
      settleRequestHeaders(forwarded, peer, none, { method: "POST", secret });
      expect(forwarded).toMatchObject({ "x-forwarded-for": "203.0.113.9", "x-forwarded-host": "venue.example", "x-forwarded-proto": "https", [forwardedBySelfHeader]: secret });
      expect(clientAddress(forwarded["x-forwarded-for"] as string, none)).toBe("203.0.113.9");
    }
  });

  it.each([
    ["a wrong secret, over loopback", "127.0.0.1", "t".repeat(43)],
    ["a shorter secret", "127.0.0.1", "s"],
    ["two copies of the secret", "127.0.0.1", [secret, secret]],
    ["the secret from another host", "203.0.113.7", secret],
    ["the secret with no peer", undefined, secret],
  ])("settles %s like any client's request", (_name, peer, mark) => {
    const headers: Headers = { ...settledPost(), [forwardedBySelfHeader]: mark };
    settleRequestHeaders(headers, peer, none, { method: "POST", secret });
    expect(headers["x-forwarded-host"]).toBeUndefined();
    expect(headers["x-forwarded-for"]).toBe(peer ? (peer === "203.0.113.7" ? peer : "127.0.0.1") : undefined);
    expect(headers[forwardedBySelfHeader]).toBe(secret);
  });
});

describe("requestIp", () => {
  afterEach(() => vi.unstubAllEnvs());
  const request = new Headers({ "x-forwarded-for": "6.6.6.6, 198.51.100.4" });

  it("takes the peer when TRUST_PROXY is unset", () => {
    vi.stubEnv("TRUST_PROXY", undefined);
    expect(requestIp(request)).toBe("198.51.100.4");
  });

  it("follows TRUST_PROXY when it changes", () => {
    vi.stubEnv("TRUST_PROXY", "1");
    expect(requestIp(request)).toBe("6.6.6.6");
    vi.stubEnv("TRUST_PROXY", "none");
    expect(requestIp(request)).toBe("198.51.100.4");
  });
});

describe("addressKey: what rate limits count a client by", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::9", "2001:db8:1:2::/64"],
    ["2001:DB8:1:2:ffff::1", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["::ffff:198.51.100.4", "198.51.100.4"],
    ["::ffff:c633:6404", "198.51.100.4"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["not an address", "not an address"],
  ])("%s counts as %s", (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });

  it("gives every address of one /64 the same key, and the next /64 another", () => {
    expect(new Set(["2001:db8:a:b::1", "2001:db8:a:b:ffff:ffff:ffff:ffff", "2001:db8:a:b:1234::"].map(addressKey)).size).toBe(1);
    expect(addressKey("2001:db8:a:c::1")).not.toBe(addressKey("2001:db8:a:b::1"));
  });
});
