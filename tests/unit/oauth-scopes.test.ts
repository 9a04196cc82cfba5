import { describe, expect, it } from "vitest";
import { formatScope, grantableScopes, parseScope, scopeForMethod, type Scope } from "@/lib/oauth/scopes";
import { acceptedAudiences, parseResource } from "@/lib/oauth/urls";

const all: Scope[] = ["profile", "accounts", "read", "write"];

describe("OAuth scopes", () => {
  it.each([
    ["", []],
    ["read", ["read"]],
    ["write read", ["read", "write"]],
    ["  profile   accounts ", ["profile", "accounts"]],
    ["read read", ["read"]],
    ["admin", null],
    ["read Write", null],
    ["read,write", null],
  ] as const)("parses %j as %j", (raw, expected) => {
    expect(parseScope(raw)).toEqual(expected);
  });

  it.each([
    [undefined, all, ["profile"]],
    ["", all, ["profile"]],
    ["read write", all, ["read", "write"]],
    ["write", ["read"], null],
    ["read", ["read", "write"], ["read"]],
    ["profile", ["read"], null],
    ["unknown", all, null],
  ] as const)("grants %j of %j as %j", (requested, allowed, expected) => {
    expect(grantableScopes(requested, allowed)).toEqual(expected);
  });

  it("writes scopes in one canonical order", () => {
    expect(formatScope(["write", "profile", "read"])).toBe("profile read write");
  });

  it.each([
    ["GET", "read"],
    ["HEAD", "read"],
    ["POST", "write"],
    ["PUT", "write"],
    ["PATCH", "write"],
    ["DELETE", "write"],
  ] as const)("asks %s for %s", (method, scope) => {
    expect(scopeForMethod(method)).toBe(scope);
  });
});

describe("OAuth resources (RFC 8707)", () => {
  const issuer = "https://venue.example";
  it.each([
    ["https://venue.example", { resource: "https://venue.example/", accountId: null }],
    ["https://venue.example/", { resource: "https://venue.example/", accountId: null }],
    ["https://venue.example/api/v1/accounts/7/mcp", { resource: "https://venue.example/api/v1/accounts/7/mcp", accountId: 7 }],
    ["https://venue.example/api/v1/accounts/7/mcp/", { resource: "https://venue.example/api/v1/accounts/7/mcp", accountId: 7 }],
    ["https://venue.example/api/v1/accounts/0/mcp", null],
    ["https://venue.example/api/v1/accounts/07/mcp", null],
    ["https://venue.example/api/v1/accounts/2147483648/mcp", null],
    ["https://venue.example/api/v1/accounts/7", null],
    ["https://venue.example/?x=1", null],
    ["https://venue.example/#top", null],
    ["https://other.example/", null],
    ["http://venue.example/", null],
    ["not a url", null],
  ] as const)("reads %j as %j", (raw, expected) => {
    expect(parseResource(issuer, raw)).toEqual(expected);
  });

  it("accepts the API root everywhere and an MCP endpoint only on itself", () => {
    expect(acceptedAudiences(issuer)).toEqual(["https://venue.example/"]);
    expect(acceptedAudiences(issuer, 7)).toEqual(["https://venue.example/", "https://venue.example/api/v1/accounts/7/mcp"]);
  });
});
