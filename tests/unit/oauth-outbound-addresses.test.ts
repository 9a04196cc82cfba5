import { describe, expect, it } from "vitest";
import { addressKind, isAllowedHost, parseAllowedHosts, type AddressKind } from "@/lib/outbound/addresses";

describe("the outbound address classifier", () => {
  it.each<[string, AddressKind]>([
    ["93.184.216.34", "public"],
    ["8.8.8.8", "public"],
    ["1.1.1.1", "public"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["10.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["172.32.0.1", "public"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "link_local"],
    ["169.254.0.1", "link_local"],
    ["100.64.0.1", "cgnat"],
    ["100.100.100.200", "cgnat"],
    ["100.128.0.1", "public"],
    ["192.0.0.170", "reserved"],
    ["192.0.2.1", "documentation"],
    ["198.18.0.1", "reserved"],
    ["198.51.100.7", "documentation"],
    ["203.0.113.9", "documentation"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "reserved"],
    ["2606:4700:4700::1111", "public"],
    ["2001:4860:4860::8888", "public"],
    ["::", "unspecified"],
    ["::1", "loopback"],
    ["[::1]", "loopback"],
    ["0:0:0:0:0:0:0:1", "loopback"],
    ["fe80::1", "link_local"],
    ["fe80::1%eth0", "link_local"],
    ["fc00::1", "private"],
    ["fd00:ec2::254", "private"],
    ["fec0::1", "private"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "documentation"],
    ["100::1", "reserved"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:169.254.169.254", "link_local"],
    ["::ffff:10.1.2.3", "private"],
    ["::ffff:8.8.8.8", "public"],
    ["0:0:0:0:0:ffff:c0a8:0101", "private"],
    ["64:ff9b::127.0.0.1", "loopback"],
    ["64:ff9b::8.8.8.8", "public"],
    ["2002:7f00:1::", "loopback"],
    ["2002:0808:0808::1", "public"],
    ["::127.0.0.1", "reserved"],
    ["localhost", "invalid"],
    ["999.1.1.1", "invalid"],
    ["", "invalid"],
  ])("%s is %s", (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });
});

describe("OUTBOUND_ALLOWED_HOSTS", () => {
  const allowed = parseAllowedHosts(" hooks.internal , 127.0.0.1:4567,[::1]:8080, Example.TEST ");

  it("reads hosts, ports and bracketed IPv6 literals", () => {
    expect(allowed).toEqual([
      { host: "hooks.internal", port: null },
      { host: "127.0.0.1", port: 4567 },
      { host: "::1", port: 8080 },
      { host: "example.test", port: null },
    ]);
  });

  it.each([
    ["hooks.internal", 443, true],
    ["hooks.internal", 8080, true],
    ["HOOKS.internal.", 80, true],
    ["127.0.0.1", 4567, true],
    ["127.0.0.1", 4568, false],
    ["[::1]", 8080, true],
    ["::1", 8080, true],
    ["::1", 80, false],
    ["example.test", 443, true],
    ["evil.example", 443, false],
    ["sub.hooks.internal", 443, false],
  ] as const)("%s:%i allowed: %s", (host, port, expected) => {
    expect(isAllowedHost(allowed, host, port)).toBe(expected);
  });

  it("refuses an entry that is not a host", () => {
    expect(() => parseAllowedHosts("a:b:c")).toThrow(/OUTBOUND_ALLOWED_HOSTS/);
    expect(parseAllowedHosts(undefined)).toEqual([]);
  });
});
