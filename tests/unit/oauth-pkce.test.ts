import { describe, expect, it } from "vitest";
import { s256Challenge, verifyCodeVerifier } from "@/lib/oauth/pkce";

// RFC 7636 Appendix B.
const verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
const challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

describe("PKCE S256", () => {
  it("computes RFC 7636's example challenge", () => {
    expect(s256Challenge(verifier)).toBe(challenge);
  });

  it.each([
    ["the right verifier", verifier, challenge, true],
    ["another verifier", "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXj", challenge, false],
    ["the challenge itself as verifier (plain method)", challenge, challenge, false],
    ["a verifier shorter than 43 characters", "abc", s256Challenge("abc"), false],
    ["a verifier longer than 128 characters", "a".repeat(129), s256Challenge("a".repeat(129)), false],
    ["a verifier with characters outside the unreserved set", `${"a".repeat(42)}+`, s256Challenge(`${"a".repeat(42)}+`), false],
    ["a 128-character verifier", "a".repeat(128), s256Challenge("a".repeat(128)), true],
    ["a malformed challenge", verifier, "not a challenge", false],
    ["an empty verifier", "", challenge, false],
  ])("%s → %s", (_, given, expected, result) => {
    expect(verifyCodeVerifier(given, expected)).toBe(result);
  });
});
