import { describe, expect, it } from "vitest";
import { passwordProblem } from "@/lib/auth/passwords";
import { ZPassword } from "@/lib/users/schemas";

describe("password policy", () => {
  it.each([
    ["a good passphrase", "correct horse 7", "eve@example.test", null],
    ["the email address", "Eve@Example.test", "eve@example.test", "must not be your email address"],
    ["the part before the @", "  EVE.HALL ", "eve.hall@example.test", "must not be your email address"],
    ["a short local part is not special", "ab", "ab@example.test", null],
    ["73 bytes (bcrypt would ignore the end)", "é".repeat(36) + "x", "eve@example.test", "must be at most 72 bytes"],
    ["72 bytes", "é".repeat(36), "eve@example.test", null],
  ])("%s", (_what, password, email, problem) => {
    expect(passwordProblem(password, email)).toBe(problem);
  });

  it.each([
    ["7 characters", "abc1234", false],
    ["letters only", "abcdefgh", false],
    ["digits only", "12345678", false],
    ["8 with a digit", "abcdefg1", true],
  ])("shape: %s", (_what, password, ok) => {
    expect(ZPassword.safeParse(password).success).toBe(ok);
  });
});
