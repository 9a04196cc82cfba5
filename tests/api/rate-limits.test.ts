import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createDb, getDb } from "@/db/client";
import { inboxes } from "@/db/schema";
import { authHandlers } from "@/lib/auth/next-auth";
import { recordSignInFailure } from "@/lib/auth/sign-in-guard";
import { takeHits } from "@/lib/http/rate-limit";
import { api } from "../helpers/app";
import { makeTeam } from "../helpers/factories";

/*
 * Rate limits (Chatwoot's rack-attack rules, counted in PostgreSQL so every app instance
 * shares them) and the sign-in lockout. Each 429 carries Retry-After and the standard body.
 */

let team: Awaited<ReturnType<typeof makeTeam>>;
let other: Awaited<ReturnType<typeof makeTeam>>;
const configured = ["RATE_LIMIT_TOKEN", "RATE_LIMIT_IP", "RATE_LIMIT_CLIENT_API", "RATE_LIMITS", "RATE_LIMIT_ALLOWED_IPS"];

beforeAll(async () => {
  team = await makeTeam();
  other = await makeTeam();
});

afterEach(() => {
  for (const name of configured) delete process.env[name];
});

const refusedProperly = (res: { status: number; headers: Headers; body: unknown }) => {
  expect(res.status).toBe(429);
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(res.body).toMatchObject({ description: expect.stringContaining("Too many"), errors: [] });
};

describe("rate limits", () => {
  it("answers the 101st contact search of a minute 429 with Retry-After; other accounts search on", async () => {
    const search = (t: typeof team, q: string) => api.get(`/api/v1/accounts/${t.account.id}/contacts/search?q=${q}`, { token: t.admin.token });
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => search(team, `guest${i}`).then((r) => r.status)));
    expect(answers.every((status) => status === 200)).toBe(true);
    // The agent's token counts against the same account limit (Chatwoot counts per account).
    refusedProperly(await api.get(`/api/v1/accounts/${team.account.id}/contacts/search?q=x`, { token: team.agent.token }));
    expect((await search(other, "x")).status).toBe(200);
    // Other routes of the account are not limited by it.
    expect((await api.get(`/api/v1/accounts/${team.account.id}/contacts`, { token: team.admin.token })).status).toBe(200);
  });

  it("limits each token, as configured by RATE_LIMIT_TOKEN", async () => {
    process.env.RATE_LIMIT_TOKEN = "5/60";
    const url = `/api/v1/accounts/${other.account.id}/labels`;
    for (let i = 0; i < 5; i++) expect((await api.get(url, { token: other.agent.token })).status).toBe(200);
    refusedProperly(await api.get(url, { token: other.agent.token }));
    expect((await api.get(url, { token: other.admin.token })).status).toBe(200);
  });

  it("limits each client address across tokens, and never an allow-listed one", async () => {
    process.env.RATE_LIMIT_IP = "3/60";
    const from = (ip: string, token: string) =>
      api.get(`/api/v1/accounts/${other.account.id}/teams`, { token, headers: { "x-forwarded-for": ip } });
    expect((await from("203.0.113.7", other.admin.token)).status).toBe(200);
    expect((await from("203.0.113.7", other.agent.token)).status).toBe(200);
    expect((await from("203.0.113.7", other.admin.token)).status).toBe(200);
    refusedProperly(await from("203.0.113.7", other.agent.token));
    expect((await from("203.0.113.8", other.agent.token)).status).toBe(200);
    process.env.RATE_LIMIT_ALLOWED_IPS = "203.0.113.7";
    expect((await from("203.0.113.7", other.agent.token)).status).toBe(200);
  });

  it("limits Client API writes per inbox and client address", async () => {
    process.env.RATE_LIMIT_CLIENT_API = "2/60";
    const [inbox] = await getDb()
      .insert(inboxes)
      .values({ accountId: team.account.id, name: "Web", channelType: "Channel::Api", identifier: `rl-${team.account.id}`, hmacToken: "h", secret: "s" })
      .returning();
    const create = (ip: string) => api.post(`/public/api/v1/inboxes/${inbox!.identifier}/contacts`, { body: { name: "Guest" }, headers: { "x-forwarded-for": ip } });
    expect((await create("198.51.100.1")).status).toBe(200);
    expect((await create("198.51.100.1")).status).toBe(200);
    refusedProperly(await create("198.51.100.1"));
    expect((await create("198.51.100.2")).status).toBe(200);
    // Reading the inbox is not a write.
    expect((await api.get(`/public/api/v1/inboxes/${inbox!.identifier}`, { headers: { "x-forwarded-for": "198.51.100.1" } })).status).toBe(200);
  });

  it("counts in the database, so two app instances share one limit", async () => {
    process.env.RATE_LIMIT_TOKEN = "4/60";
    const second = createDb(process.env.DATABASE_URL!, { max: 2 });
    try {
      const hit = [{ rule: "token" as const, key: "shared-instance-test" }];
      await takeHits(getDb(), hit, null);
      await takeHits(second, hit, null);
      await takeHits(getDb(), hit, null);
      await takeHits(second, hit, null);
      await expect(takeHits(getDb(), hit, null)).rejects.toMatchObject({ code: "rate_limited" });
      await expect(takeHits(second, hit, null)).rejects.toMatchObject({ code: "rate_limited" });
    } finally {
      await second.$client.end();
    }
  });

  it("turns off with RATE_LIMITS=off", async () => {
    process.env.RATE_LIMIT_TOKEN = "1/60";
    process.env.RATE_LIMITS = "off";
    const url = `/api/v1/accounts/${other.account.id}/inboxes`;
    for (let i = 0; i < 3; i++) expect((await api.get(url, { token: other.admin.token })).status).toBe(200);
  });
});

describe("sign-in lockout", () => {
  const attempt = (email: string, ip: string) =>
    authHandlers.POST(
      new Request("http://localhost/api/auth/callback/credentials", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip },
        body: new URLSearchParams({ email, password: "wrong", csrfToken: "x", json: "true" }),
      }),
      { params: Promise.resolve({ nextauth: ["callback", "credentials"] }) },
    );

  it("answers 429 with Retry-After, the standard body and next-auth's url once an email has failed five times", async () => {
    const email = "locked-out@example.test";
    for (let i = 0; i < 5; i++) await recordSignInFailure(getDb(), { email, ip: `192.0.2.${i}` });
    const res = await attempt(email, "192.0.2.99");
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(800);
    const body = await res.json();
    expect(body).toMatchObject({ description: "Too many failed sign-in attempts. Please wait 15 minutes and try again.", errors: [] });
    expect(new URL(body.url).searchParams.get("error")).toMatch(/^TooManyAttempts-\d+$/);
  });

  it("locks a client address that fails for many emails", async () => {
    for (let i = 0; i < 20; i++) await recordSignInFailure(getDb(), { email: `stuffing-${i}@example.test`, ip: "192.0.2.200" });
    const res = await attempt("someone-new@example.test", "192.0.2.200");
    expect(res.status).toBe(429);
  });
});

describe("next-auth's endpoints", () => {
  const post = (path: string, body: string, type = "application/json") =>
    authHandlers.POST(new Request(`http://localhost/api/auth/${path}`, { method: "POST", headers: { "content-type": type }, body }), {
      params: Promise.resolve({ nextauth: path.split("/") }),
    });

  it.each([["{"], [""], ["[1,"]])("answer a JSON body that does not parse (%j) 400 with the standard body, before next-auth reads it", async (body) => {
    for (const path of ["signout", "callback/credentials", "_log"]) {
      const res = await post(path, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ description: "The request body is not valid JSON", errors: [] });
    }
  });

  it("answer a body over the API's size limit 413, unread", async () => {
    const res = await post("signout", `{"x":"${"a".repeat(1_100_000)}"}`);
    expect(res.status).toBe(413);
  });
});

describe("pruning", () => {
  it("drops counters of ended windows and keeps the current ones", async () => {
    const { pruneRateLimitCounters } = await import("@/lib/http/rate-limit");
    const { rateLimitCounters } = await import("@/db/schema");
    const past = new Date(Date.now() - 3600_000);
    await takeHits(getDb(), [{ rule: "token", key: "old-window" }], null, past);
    await takeHits(getDb(), [{ rule: "token", key: "current-window" }], null);
    await pruneRateLimitCounters(getDb());
    const keys = (await getDb().select().from(rateLimitCounters)).map((row) => row.key);
    expect(keys).toContain("token:current-window");
    expect(keys).not.toContain("token:old-window");
  });
});
