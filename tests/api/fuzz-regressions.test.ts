import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../helpers/app";
import { makeFixture, type Fixture } from "../helpers/fixtures";

/*
 * Defects the fuzzing (tests/api/fuzz.test.ts) found, each pinned by the request that showed it.
 */

process.env.RATE_LIMITS = "off";

let fixture: Fixture;

beforeAll(async () => {
  fixture = await makeFixture();
}, 60_000);

const draftToken = async () => {
  const res = await api.get(`/api/v1/accounts/${fixture.accountId}/planning/events/${fixture.event.id}/quotes/${fixture.draftQuote.id}`, { token: fixture.admin.token });
  return res.body.public_token as string;
};

describe("GET /q/{token}/pdf", () => {
  // Found with GET /q/0x1/pdf?selection=custom&option[]= : a plain-text "Not found" instead of the standard body.
  it.each([
    ["a malformed token", async () => "0x1"],
    ["an unknown well-formed token", async () => "A".repeat(32)],
    ["a draft's token", draftToken],
  ])("answers %s with a 404 in the standard error body, kept private", async (_, token) => {
    const res = await api.get(`/q/${await token()}/pdf?selection=custom&option[]=`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.body).toEqual({ description: "Quote could not be found", error: "Quote could not be found", errors: [] });
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
  });

  it("still serves a sent quote's PDF", async () => {
    const res = await api.get(`/q/${fixture.sentQuote.publicToken}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
  });
});

describe("quote totals", () => {
  // Found by probing the class of answer the fuzzing flagged (a 422 "A value could not be stored" naming
  // no field, 500 before the request layer mapped SQLSTATE 22xxx): totals past numeric(16, 4).
  it("refuses a quote whose total a quote cannot hold, naming the line, and stores nothing", async () => {
    const quotes = `/api/v1/accounts/${fixture.accountId}/planning/events/${fixture.event.id}/quotes`;
    const before = (await api.get(quotes, { token: fixture.admin.token })).body;
    const res = await api.post(quotes, {
      token: fixture.admin.token,
      body: { overrides: { additional_lines: [{ name: "Fireworks", unit_price: "999999999999.9999", quantity: "999999999" }] } },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([expect.objectContaining({ field: "overrides.additional_lines.0", code: "invalid" })]);
    expect((await api.get(quotes, { token: fixture.admin.token })).body).toEqual(before);
  });
});

describe("account ids past PostgreSQL's integer", () => {
  // Found by fuzzing: accountIdOf checked Number.isSafeInteger but not the column's range, so the
  // token query failed with 22003 and the answer was a 422 "A value could not be stored".
  it("answers 404, as for any account the caller is not a member of", async () => {
    const res = await api.get("/api/v1/accounts/2147483648/teams", { token: fixture.admin.token });
    expect(res.status).toBe(404);
  });
});
