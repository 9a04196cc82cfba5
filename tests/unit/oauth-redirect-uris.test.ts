import { describe, expect, it } from "vitest";
import { isRegisteredRedirectUri, redirectUriProblem, withResponseParameters } from "@/lib/oauth/redirect-uris";

describe("redirect URIs a client may register", () => {
  it.each([
    ["https://app.example/callback", null],
    ["https://app.example/callback?tenant=1", null],
    ["https://app.example:8443/cb", null],
    ["http://127.0.0.1:33418/callback", null],
    ["http://[::1]:33418/callback", null],
    ["http://localhost:8080/cb", null],
    ["http://127.0.0.1/callback", null],
    ["http://app.example/callback", "must use https (plain http only on 127.0.0.1, [::1] or localhost)"],
    ["http://127.0.0.2/callback", "must use https (plain http only on 127.0.0.1, [::1] or localhost)"],
    ["http://localhost.evil.example/cb", "must use https (plain http only on 127.0.0.1, [::1] or localhost)"],
    ["https://app.example/callback#frag", "must not contain a fragment"],
    ["https://app.example/callback#", "must not contain a fragment"],
    ["https://user:pass@app.example/cb", "must not contain credentials"],
    ["javascript:alert(1)", "must use https (plain http only on 127.0.0.1, [::1] or localhost)"],
    ["com.example.app:/callback", "must use https (plain http only on 127.0.0.1, [::1] or localhost)"],
    ["/callback", "must be an absolute URL"],
    ["", "must be an absolute URL"],
    [`https://app.example/${"a".repeat(2000)}`, "must be at most 2000 characters"],
  ])("%s → %s", (uri, problem) => {
    expect(redirectUriProblem(uri)).toBe(problem);
  });
});

describe("matching a requested redirect URI", () => {
  const registered = ["https://app.example/callback", "http://127.0.0.1:33418/callback"];
  it.each([
    ["https://app.example/callback", true],
    ["https://app.example/callback/", false],
    ["https://APP.example/callback", false],
    ["https://app.example/callback?x=1", false],
    ["https://app.example/call", false],
    ["http://127.0.0.1:33418/callback", true],
    ["http://127.0.0.1:33419/callback", false],
    ["http://localhost:33418/callback", false],
  ])("%s matches: %s", (uri, expected) => {
    expect(isRegisteredRedirectUri(registered, uri)).toBe(expected);
  });

  it("adds response parameters to the query the URI already has", () => {
    const url = new URL(withResponseParameters("https://app.example/cb?tenant=1", { code: "abc", state: "s t", iss: "https://venue.example", error: null }));
    expect([...url.searchParams]).toEqual([
      ["tenant", "1"],
      ["code", "abc"],
      ["state", "s t"],
      ["iss", "https://venue.example"],
    ]);
  });
});
