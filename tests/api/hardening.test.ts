import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { contacts, conversations, inboxes, planningResources, spaces, users } from "@/db/schema";
import { api } from "../helpers/app";
import { joinInbox, makePlatformApp, makeTeam } from "../helpers/factories";

/*
 * Defects found by hostile input (issue: hardening). Each test here failed before its fix:
 * prototype pollution through form and multipart keys, NUL and lone surrogates answered 500,
 * an unparseable allocation window answered 500, lenient dates, unbounded free-form JSON.
 */

let team: Awaited<ReturnType<typeof makeTeam>>;
let base: string;
let spaceId: string;
let inboxIdentifier: string;

const standardBody = (body: unknown, field?: string) => {
  expect(body).toMatchObject({ description: expect.any(String), errors: expect.any(Array) });
  if (field) expect((body as { errors: { field: string }[] }).errors.map((e) => e.field)).toContain(field);
};

beforeAll(async () => {
  team = await makeTeam();
  base = `/api/v1/accounts/${team.account.id}`;
  const db = getDb();
  const accountId = team.account.id;
  inboxIdentifier = `hard-${accountId}`;
  const [inbox] = await db
    .insert(inboxes)
    .values({ accountId, name: "API", channelType: "Channel::Api", identifier: inboxIdentifier, hmacToken: "h", secret: "s" })
    .returning();
  await joinInbox(accountId, inbox!.id);
  const [contact] = await db.insert(contacts).values({ accountId, name: "Guest" }).returning();
  await db.insert(conversations).values({ accountId, displayId: 1, inboxId: inbox!.id, contactId: contact!.id });
  const [resource] = await db.insert(planningResources).values({ accountId }).returning();
  const [space] = await db.insert(spaces).values({ accountId, resourceId: resource!.id, name: "Hall" }).returning();
  spaceId = space!.id;
});

describe("prototype pollution", () => {
  const polluted = () => Object.getOwnPropertyNames(Object.prototype).filter((key) => ["status", "polluted", "role"].includes(key));

  it("refuses __proto__ keys in a multipart message and leaves Object.prototype untouched", async () => {
    const form = new FormData();
    form.append("content", "hello");
    form.append("__proto__[status]", "confirmed");
    form.append("attachments[]", new File(["hi"], "a.txt", { type: "text/plain" }));
    const res = await api.post(`${base}/conversations/1/messages`, { token: team.agent.token, multipart: form });
    expect(res.status).toBe(422);
    standardBody(res.body, "__proto__");
    expect(polluted()).toEqual([]);
    expect(({} as Record<string, unknown>).status).toBeUndefined();

    // The defect's symptom: an allocation created without a status came out confirmed.
    const hold = await api.post(`${base}/planning/allocations`, {
      token: team.admin.token,
      body: { allocation: { space_id: spaceId, start_at: "2027-03-01T09:00:00Z", end_at: "2027-03-01T10:00:00Z" } },
    });
    expect(hold.status).toBe(200);
    expect(hold.body.status).toBe("tentative");
  });

  it.each([
    ["__proto__[polluted]", "__proto__"],
    ["custom_attributes[__proto__][polluted]", "custom_attributes.__proto__"],
    ["constructor[prototype][polluted]", "constructor"],
    ["custom_attributes[constructor]", "custom_attributes.constructor"],
  ])("refuses the form key %s with 422 naming %s", async (key, field) => {
    const res = await api.patch(`${base}`, { token: team.admin.token, form: { [key]: "yes", name: "Still here" } });
    expect(res.status).toBe(422);
    standardBody(res.body, field);
    expect(polluted()).toEqual([]);
    const account = await api.get(base, { token: team.admin.token });
    expect(account.body.name).not.toBe("Still here");
  });

  it("refuses prototype keys inside JSON merges (custom_attributes, ui_settings)", async () => {
    const contact = await api.patch(`${base}/contacts/${(await getDb().select().from(contacts).limit(1))[0]!.id}`, {
      token: team.admin.token,
      raw: '{"custom_attributes": {"__proto__": {"polluted": true}, "tier": "gold"}}',
    });
    expect(contact.status).toBe(422);
    standardBody(contact.body, "custom_attributes.__proto__");
    const profile = await api.put("/api/v1/profile", { token: team.agent.token, raw: '{"profile": {"ui_settings": {"constructor": {"prototype": {"polluted": 1}}}}}' });
    expect(profile.status).toBe(422);
    standardBody(profile.body, "ui_settings.constructor");
    expect(polluted()).toEqual([]);
  });

  it.each(["__proto__", "constructor", "prototype"])("refuses the query key %s with 400", async (key) => {
    const res = await api.get(`${base}/contacts?${key}=1&labels[]=a`, { token: team.admin.token });
    expect(res.status).toBe(400);
    standardBody(res.body, key);
    const nested = await api.get(`${base}/contacts?${key}[polluted]=1`, { token: team.admin.token });
    expect(nested.status).toBe(200);
    expect(polluted()).toEqual([]);
  });
});

describe("text PostgreSQL cannot store", () => {
  it.each([
    ["a canned response", () => `${base}/canned_responses`, "post", { short_code: "hi\u0000", content: "x" }, "short_code"],
    ["a contact", () => `${base}/contacts`, "post", { name: "Eve\u0000" }, "name"],
    ["a label", () => `${base}/labels`, "post", { title: "vip\u0000" }, "title"],
    ["a message", () => `${base}/conversations/1/messages`, "post", { content: "a\u0000b" }, "content"],
    ["a space", () => `${base}/spaces`, "post", { space: { name: "Room\u0000", timezone: "Europe/Amsterdam" } }, "name"],
  ])("answers 422 for a NUL in %s", async (_what, url, method, body, field) => {
    const res = await api.call(method.toUpperCase(), url(), { token: team.admin.token, body });
    expect(res.status).toBe(422);
    standardBody(res.body);
    expect(JSON.stringify(res.body.errors)).toContain(field);
  });

  it("answers 422 for a lone surrogate in account settings and a custom attribute default_value", async () => {
    const account = await api.patch(base, { token: team.admin.token, raw: '{"custom_attributes": {"note": "\\ud800"}}' });
    expect(account.status).toBe(422);
    standardBody(account.body, "custom_attributes.note");
    const attribute = await api.post(`${base}/custom_attribute_definitions`, {
      token: team.admin.token,
      raw: '{"attribute_display_name": "Tier", "attribute_key": "tier", "attribute_display_type": "text", "attribute_model": "contact_attribute", "default_value": "\\udc00x"}',
    });
    expect(attribute.status).toBe(422);
    standardBody(attribute.body, "default_value");
  });

  it.each([`${"/contacts/search"}?q=%00`, "/contacts?q=%00", "/conversations/search?q=%00", "/contacts?search=%00"])(
    "answers 400 for a NUL in the query %s",
    async (path) => {
      const res = await api.get(`${base}${path}`, { token: team.admin.token });
      expect(res.status).toBe(400);
      standardBody(res.body);
    },
  );

  it("answers 404 for a NUL in a Client API path, and 422 for one in its body", async () => {
    const path = await api.get(`/public/api/v1/inboxes/${encodeURIComponent("x\u0000y")}`);
    expect(path.status).toBe(404);
    const body = await api.post(`/public/api/v1/inboxes/${inboxIdentifier}/contacts`, { body: { name: "a\u0000" } });
    expect(body.status).toBe(422);
    standardBody(body.body, "name");
  });
});

describe("strict dates", () => {
  it.each(["abc", "2026-02-30", "-1", "2026-02-30T10:00:00Z"])("answers 422 naming start_at for an allocation window from %s", async (value) => {
    const res = await api.get(`${base}/planning/allocations?start_at=${value}&end_at=2026-03-05T00:00:00Z`, { token: team.admin.token });
    expect(res.status).toBe(422);
    standardBody(res.body, "start_at");
  });

  it("answers 422 naming end_at when only end_at is unparseable", async () => {
    const res = await api.get(`${base}/planning/allocations?start_at=2026-03-01T00:00:00Z&end_at=nope`, { token: team.admin.token });
    expect(res.status).toBe(422);
    standardBody(res.body, "end_at");
  });

  it.each(["2026-02-30", "2026-02-30T10:00:00Z", "2026-13-01", "tomorrow", "2026-03-01T25:00:00Z", -5, 1.5])(
    "refuses snoozed_until %s instead of storing another day",
    async (value) => {
      const res = await api.post(`${base}/conversations/1/toggle_status`, { token: team.admin.token, body: { status: "snoozed", snoozed_until: value } });
      expect(res.status).toBe(422);
      standardBody(res.body, "snoozed_until");
      const [row] = await getDb().select().from(conversations).where(eq(conversations.accountId, team.account.id));
      expect(row!.snoozedUntil).toBeNull();
    },
  );

  it.each([
    ["2027-02-28T10:00:00Z", "2027-02-28T10:00:00.000Z"],
    ["2027-02-28T11:00:00+01:00", "2027-02-28T10:00:00.000Z"],
    [1803808800, "2027-02-28T10:00:00.000Z"],
    ["1803808800", "2027-02-28T10:00:00.000Z"],
  ])("takes snoozed_until %s as Chatwoot clients send it", async (value, stored) => {
    const res = await api.post(`${base}/conversations/1/toggle_status`, { token: team.admin.token, body: { status: "snoozed", snoozed_until: value } });
    expect(res.status).toBe(200);
    const [row] = await getDb().select().from(conversations).where(eq(conversations.accountId, team.account.id));
    expect(row!.snoozedUntil!.toISOString()).toBe(stored);
    await api.post(`${base}/conversations/1/toggle_status`, { token: team.admin.token, body: { status: "open" } });
    await getDb().update(conversations).set({ snoozedUntil: null }).where(eq(conversations.accountId, team.account.id));
  });
});

describe("free-form JSON is bounded", () => {
  const nested = (levels: number) => {
    let value: Record<string, unknown> = { leaf: true };
    for (let i = 0; i < levels; i++) value = { n: value };
    return value;
  };

  it.each([
    ["1,000 levels", nested(1000)],
    ["17 levels", nested(16)],
    ["too many keys", Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`k${i}`, i]))],
    ["over 64 KiB", { blob: "x".repeat(70 * 1024) }],
  ])("refuses ui_settings with %s and keeps what was stored", async (_what, value) => {
    const res = await api.put("/api/v1/profile", { token: team.agent.token, body: { profile: { ui_settings: value } } });
    expect(res.status).toBe(422);
    standardBody(res.body);
    const [user] = await getDb().select().from(users).where(eq(users.id, team.agent.user.id));
    expect(JSON.stringify(user!.uiSettings).length).toBeLessThan(1000);
    const profile = await api.get("/api/v1/profile", { token: team.agent.token });
    expect(profile.status).toBe(200);
  });

  it("accepts 16 levels", async () => {
    const res = await api.put("/api/v1/profile", { token: team.agent.token, body: { profile: { ui_settings: nested(15) } } });
    expect(res.status).toBe(200);
    await getDb().execute(sql`update users set ui_settings = '{}' where id = ${team.agent.user.id}`);
  });
});

describe("caching", () => {
  it("marks API answers that carry tokens and secrets no-store", async () => {
    const profile = await api.get("/api/v1/profile", { token: team.agent.token });
    expect(profile.body.access_token).toBeTruthy();
    expect(profile.headers.get("cache-control")).toBe("no-store");
    const refused = await api.get("/api/v1/profile");
    expect(refused.headers.get("cache-control")).toBe("no-store");
  });
});

describe("password policy", () => {
  it("refuses a password that is the email address, wherever a password is set", async () => {
    const email = `newcomer-${team.account.id}@example.test`;
    const agent = await api.post(`${base}/agents`, { token: team.admin.token, body: { name: "New", email, role: "agent", password: email.toUpperCase() } });
    expect(agent.status).toBe(422);
    standardBody(agent.body, "password");
    const platform = await makePlatformApp();
    const user = await api.post("/platform/api/v1/users", { token: platform.token, body: { name: "Pat", email: "pat.hall@example.test", password: "Pat.Hall" } });
    expect(user.status).toBe(422);
    standardBody(user.body, "password");
  });
});
