import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { contactInboxes, contacts, conversations, customAttributeDefinitions, inboxes, type ChannelType } from "@/db/schema";
import { api } from "../helpers/app";
import { makeBot, makeTeam } from "../helpers/factories";

type Team = Awaited<ReturnType<typeof makeTeam>>;
let team: Team;
let other: Team;

const url = (t: Team, path = "") => `/api/v1/accounts/${t.account.id}/contacts${path}`;
const unique = () => randomBytes(4).toString("hex");

const makeInbox = async (accountId: number, channelType: ChannelType = "Channel::Api", name = `Inbox ${unique()}`) => {
  const [inbox] = await getDb()
    .insert(inboxes)
    .values({ accountId, name, channelType, identifier: unique() + unique(), hmacToken: unique(), secret: unique() })
    .returning();
  return inbox!;
};

/** A fresh account for tests that count or order the whole contact list. */
const freshTeam = () => makeTeam();

const create = async (t: Team, body: Record<string, unknown>) => {
  const res = await api.post(url(t), { token: t.admin.token, body });
  expect(res.status).toBe(200);
  return res.body.payload.contact as { id: number; name: string; email: string | null };
};

beforeAll(async () => {
  team = await makeTeam();
  other = await makeTeam();
});

describe("contact list", () => {
  it("pages 15 at a time with the total count", async () => {
    const t = await freshTeam();
    for (let i = 1; i <= 20; i++) await create(t, { name: `Person ${String(i).padStart(2, "0")}` });
    const first = await api.get(url(t), { token: t.agent.token });
    expect(first.status).toBe(200);
    expect(first.body.meta).toEqual({ count: 20, current_page: 1 });
    expect(first.body.payload).toHaveLength(15);
    const second = await api.get(url(t, "?page=2"), { token: t.agent.token });
    expect(second.body.meta).toEqual({ count: 20, current_page: 2 });
    expect(second.body.payload).toHaveLength(5);
    const ids = [...first.body.payload, ...second.body.payload].map((c: { id: number }) => c.id);
    expect(new Set(ids).size).toBe(20);
    const beyond = await api.get(url(t, "?page=3"), { token: t.agent.token });
    expect(beyond.body).toEqual({ meta: { count: 20, current_page: 3 }, payload: [] });
  });

  it("sorts by a column or an additional attribute, ascending or descending with `-`", async () => {
    const t = await freshTeam();
    await create(t, { name: "bravo", email: "b@example.test", additional_attributes: { company_name: "Zeta", city: "Oslo" } });
    await create(t, { name: "Alpha", email: "c@example.test", additional_attributes: { company_name: "alpha co", city: "Bergen" } });
    await create(t, { name: "charlie", email: "a@example.test" });
    const names = async (sort: string) =>
      (await api.get(url(t, `?sort=${sort}`), { token: t.agent.token })).body.payload.map((c: { name: string }) => c.name);
    expect(await names("name")).toEqual(["Alpha", "bravo", "charlie"]);
    expect(await names("-name")).toEqual(["charlie", "bravo", "Alpha"]);
    expect(await names("email")).toEqual(["charlie", "bravo", "Alpha"]);
    expect(await names("company")).toEqual(["Alpha", "bravo", "charlie"]);
    expect(await names("-company")).toEqual(["bravo", "Alpha", "charlie"]);
    expect(await names("city")).toEqual(["Alpha", "bravo", "charlie"]);
    expect(await names("-created_at")).toEqual(["charlie", "Alpha", "bravo"]);
    const bad = await api.get(url(t, "?sort=shoe_size"), { token: t.agent.token });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].field).toBe("sort");
  });

  it("filters by any of the given labels and can leave out contact_inboxes", async () => {
    const t = await freshTeam();
    const vip = await create(t, { name: "Vip" });
    const lead = await create(t, { name: "Lead" });
    await create(t, { name: "Nobody" });
    await api.post(url(t, `/${vip.id}/labels`), { token: t.agent.token, body: { labels: ["vip"] } });
    await api.post(url(t, `/${lead.id}/labels`), { token: t.agent.token, body: { labels: ["lead", "cold"] } });
    const res = await api.get(url(t, "?labels[]=vip&labels[]=LEAD&sort=name"), { token: t.agent.token });
    expect(res.body.meta.count).toBe(2);
    expect(res.body.payload.map((c: { name: string }) => c.name)).toEqual(["Lead", "Vip"]);
    expect(res.body.payload[0].contact_inboxes).toEqual([]);
    const bare = await api.get(url(t, "?include_contact_inboxes=false"), { token: t.agent.token });
    expect(bare.body.payload[0]).not.toHaveProperty("contact_inboxes");
  });
});

describe("contact search", () => {
  let t: Team;
  beforeAll(async () => {
    t = await freshTeam();
    await create(t, { name: "Ada Lovelace", email: "ada@engine.test", phone_number: "+441234567890", identifier: "crm-ada" });
    await create(t, { name: "Grace Hopper", email: "grace@navy.test", identifier: "crm-100%" });
    await create(t, { name: "Alan_Turing", email: "alan@bletchley.test" });
  });
  const search = (q: string, extra = "") => api.get(url(t, `/search?q=${encodeURIComponent(q)}${extra}`), { token: t.agent.token });
  const names = (res: { body: { payload: { name: string }[] } }) => res.body.payload.map((c) => c.name).sort();

  it("matches name, email, phone number and identifier case-insensitively", async () => {
    expect(names(await search("LOVELACE"))).toEqual(["Ada Lovelace"]);
    expect(names(await search("navy.test"))).toEqual(["Grace Hopper"]);
    expect(names(await search("+4412345"))).toEqual(["Ada Lovelace"]);
    expect(names(await search("crm-"))).toEqual(["Ada Lovelace", "Grace Hopper"]);
    const res = await search("ada");
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ count: 1, current_page: 1, has_more: false });
    expect(res.body.payload[0]).toMatchObject({ email: "ada@engine.test", contact_inboxes: [] });
  });

  it("treats % and _ as literal characters", async () => {
    expect(names(await search("%"))).toEqual(["Grace Hopper"]);
    expect(names(await search("_"))).toEqual(["Alan_Turing"]);
  });

  it("says whether another page follows", async () => {
    const many = await freshTeam();
    for (let i = 0; i < 16; i++) await create(many, { name: `Match ${i}` });
    const first = await api.get(url(many, "/search?q=match"), { token: many.agent.token });
    expect(first.body.meta).toEqual({ count: 15, current_page: 1, has_more: true });
    const second = await api.get(url(many, "/search?q=match&page=2"), { token: many.agent.token });
    expect(second.body.meta).toEqual({ count: 1, current_page: 2, has_more: false });
  });

  it("answers a blank q with Chatwoot's 422", async () => {
    const res = await search("  ");
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: "Specify search string with parameter q", errors: [{ field: "q", code: "required" }] });
    expect((await api.get(url(t, "/search"), { token: t.agent.token })).status).toBe(422);
  });

  it("is open to the account's agent bots, and only to them", async () => {
    const bot = await makeBot(t.account.id);
    expect((await api.get(url(t, "/search?q=ada"), { token: bot.token })).body.payload).toHaveLength(1);
    const foreign = await makeBot(other.account.id);
    expect((await api.get(url(t, "/search?q=ada"), { token: foreign.token })).status).toBe(404);
    expect((await api.get(url(t), { token: bot.token })).status).toBe(401);
  });
});

describe("creating and updating contacts", () => {
  it("creates a contact without an inbox", async () => {
    const res = await api.post(url(team), {
      token: team.agent.token,
      body: { name: "Jane", email: "Jane@Example.test", phone_number: "+15550001111", custom_attributes: { tier: "gold" } },
    });
    expect(res.status).toBe(200);
    expect(res.body.payload.contact_inbox).toBeNull();
    const contact = res.body.payload.contact;
    expect(contact).toMatchObject({
      name: "Jane",
      email: "jane@example.test",
      phone_number: "+15550001111",
      identifier: null,
      blocked: false,
      thumbnail: "",
      availability_status: "offline",
      additional_attributes: {},
      custom_attributes: { tier: "gold" },
      last_activity_at: null,
      contact_inboxes: [],
    });
    expect(Number.isInteger(contact.created_at)).toBe(true);
    const shown = await api.get(url(team, `/${contact.id}`), { token: team.agent.token });
    expect(shown.body).toEqual({ payload: contact });
  });

  it("creates a contact with its identity in an inbox", async () => {
    const inbox = await makeInbox(team.account.id, "Channel::Api", "Support API");
    const res = await api.post(url(team), {
      token: team.agent.token,
      body: { contact: { name: "Api person", inbox_id: inbox.id, source_id: "ext-42" } },
    });
    expect(res.status).toBe(200);
    const inboxJson = { id: inbox.id, avatar_url: "", channel_id: inbox.id, name: "Support API", channel_type: "Channel::Api", provider: null };
    expect(res.body.payload.contact_inbox).toEqual({ source_id: "ext-42", inbox: inboxJson });
    expect(res.body.payload.contact.contact_inboxes).toEqual([{ source_id: "ext-42", inbox: inboxJson }]);

    const generated = await api.post(url(team), { token: team.agent.token, body: { name: "Generated", inbox_id: inbox.id } });
    expect(generated.body.payload.contact_inbox.source_id).toMatch(/^[0-9a-f-]{36}$/);

    const foreignInbox = await makeInbox(other.account.id);
    const refused = await api.post(url(team), { token: team.agent.token, body: { name: "X", inbox_id: foreignInbox.id } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].field).toBe("inbox_id");
  });

  it("refuses a duplicate email or identifier in the account, but not in another", async () => {
    await create(team, { name: "First", email: "dupe@example.test", identifier: "dupe-id" });
    const email = await api.post(url(team), { token: team.admin.token, body: { name: "Second", email: "DUPE@example.test" } });
    expect(email.status).toBe(422);
    expect(email.body.errors[0]).toMatchObject({ field: "email", code: "taken" });
    const identifier = await api.post(url(team), { token: team.admin.token, body: { name: "Third", identifier: "dupe-id" } });
    expect(identifier.status).toBe(422);
    expect(identifier.body.errors[0]).toMatchObject({ field: "identifier", code: "taken" });
    const elsewhere = await api.post(url(other), { token: other.admin.token, body: { email: "dupe@example.test" } });
    expect(elsewhere.status).toBe(200);
  });

  it("names invalid fields", async () => {
    const res = await api.post(url(team), {
      token: team.admin.token,
      body: { email: "not-an-email", phone_number: "555-1234", custom_attributes: "x" },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["custom_attributes", "email", "phone_number"]);
  });

  it("merges attributes on update with PUT or PATCH", async () => {
    const contact = await create(team, {
      name: "Merge me",
      email: "merge-me@example.test",
      additional_attributes: { city: "Paris", company_name: "Acme" },
      custom_attributes: { tier: "silver", seats: 3 },
    });
    const patched = await api.patch(url(team, `/${contact.id}`), {
      token: team.agent.token,
      body: { name: "Merged", additional_attributes: { city: "Lyon" }, custom_attributes: { tier: "gold" } },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.payload).toMatchObject({
      name: "Merged",
      email: "merge-me@example.test",
      additional_attributes: { city: "Lyon", company_name: "Acme" },
      custom_attributes: { tier: "gold", seats: 3 },
    });
    const put = await api.put(url(team, `/${contact.id}`), {
      token: team.agent.token,
      body: { contact: { email: "", blocked: true, custom_attributes: { note: "vip" } } },
    });
    expect(put.status).toBe(200);
    expect(put.body.payload).toMatchObject({ email: null, blocked: true, custom_attributes: { tier: "gold", seats: 3, note: "vip" } });

    const taken = await create(team, { email: "taken-by-other@example.test" });
    const clash = await api.patch(url(team, `/${contact.id}`), { token: team.agent.token, body: { email: "taken-by-other@example.test" } });
    expect(clash.status).toBe(422);
    expect(clash.body.errors[0]).toMatchObject({ field: "email", code: "taken" });
    const self = await api.patch(url(team, `/${taken.id}`), { token: team.agent.token, body: { email: "taken-by-other@example.test" } });
    expect(self.status).toBe(200);
  });

  it("lets only administrators delete", async () => {
    const contact = await create(team, { name: "Doomed" });
    const refused = await api.delete(url(team, `/${contact.id}`), { token: team.agent.token });
    expect(refused.status).toBe(403);
    const deleted = await api.delete(url(team, `/${contact.id}`), { token: team.admin.token });
    expect(deleted.status).toBe(200);
    expect(deleted.text).toBe("");
    expect((await api.get(url(team, `/${contact.id}`), { token: team.admin.token })).status).toBe(404);
  });
});

describe("labels and inboxes of a contact", () => {
  it("replaces the label set, lowercased", async () => {
    const contact = await create(team, { name: "Labelled" });
    const first = await api.post(url(team, `/${contact.id}/labels`), { token: team.agent.token, body: { labels: ["VIP", "lead", "vip"] } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ payload: ["vip", "lead"] });
    const second = await api.post(url(team, `/${contact.id}/labels`), { token: team.agent.token, body: { labels: ["customer"] } });
    expect(second.body).toEqual({ payload: ["customer"] });
    expect((await api.get(url(team, `/${contact.id}/labels`), { token: team.agent.token })).body).toEqual({ payload: ["customer"] });
    const cleared = await api.post(url(team, `/${contact.id}/labels`), { token: team.agent.token, body: { labels: [] } });
    expect(cleared.body).toEqual({ payload: [] });
    const invalid = await api.post(url(team, `/${contact.id}/labels`), { token: team.agent.token, body: { labels: "vip" } });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors[0].field).toBe("labels");
  });

  it("adds an identity in an inbox of the account", async () => {
    const inbox = await makeInbox(team.account.id);
    const contact = await create(team, { name: "Identified" });
    const res = await api.post(url(team, `/${contact.id}/contact_inboxes`), {
      token: team.agent.token,
      body: { inbox_id: inbox.id, source_id: "src-1" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ source_id: "src-1", inbox: expect.objectContaining({ id: inbox.id, channel_type: "Channel::Api" }) });
    const shown = await api.get(url(team, `/${contact.id}`), { token: team.agent.token });
    expect(shown.body.payload.contact_inboxes).toEqual([res.body]);

    const someoneElse = await create(team, { name: "Other" });
    const clash = await api.post(url(team, `/${someoneElse.id}/contact_inboxes`), {
      token: team.agent.token,
      body: { inbox_id: inbox.id, source_id: "src-1" },
    });
    expect(clash.status).toBe(422);
    expect(clash.body.errors[0].field).toBe("source_id");
    const missing = await api.post(url(team, `/${contact.id}/contact_inboxes`), { token: team.agent.token, body: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0]).toMatchObject({ field: "inbox_id", code: "required" });
    const foreign = await makeInbox(other.account.id);
    const refused = await api.post(url(team, `/${contact.id}/contact_inboxes`), { token: team.agent.token, body: { inbox_id: foreign.id } });
    expect(refused.status).toBe(422);
  });

  it("lists contactable inboxes: every API inbox, and web widgets where the contact has an unused identity", async () => {
    const t = await freshTeam();
    const api1 = await makeInbox(t.account.id, "Channel::Api", "API one");
    const api2 = await makeInbox(t.account.id, "Channel::Api", "API two");
    const widget = await makeInbox(t.account.id, "Channel::WebWidget", "Widget");
    await makeInbox(t.account.id, "Channel::WebWidget", "Widget never visited");
    const contact = await create(t, { name: "Reachable", inbox_id: api1.id, source_id: "known" });
    await api.post(url(t, `/${contact.id}/contact_inboxes`), { token: t.agent.token, body: { inbox_id: widget.id, source_id: "visitor" } });

    const res = await api.get(url(t, `/${contact.id}/contactable_inboxes`), { token: t.agent.token });
    expect(res.status).toBe(200);
    expect(res.body.payload.map((p: { inbox: { name: string } }) => p.inbox.name)).toEqual(["API one", "API two", "Widget"]);
    expect(res.body.payload[0]).toEqual({
      source_id: "known",
      inbox: { id: api1.id, avatar_url: "", channel_id: api1.id, name: "API one", channel_type: "Channel::Api", provider: null },
    });
    expect(res.body.payload[1].inbox.id).toBe(api2.id);
    expect(res.body.payload[2].source_id).toBe("visitor");
    // The identity made for API two is kept, so the next call answers the same source id.
    const again = await api.get(url(t, `/${contact.id}/contactable_inboxes`), { token: t.agent.token });
    expect(again.body.payload[1].source_id).toBe(res.body.payload[1].source_id);
  });
});

describe("contact filter", () => {
  let t: Team;
  beforeAll(async () => {
    t = await freshTeam();
    await create(t, { name: "Anna", email: "anna@acme.test", additional_attributes: { city: "Berlin", country_code: "DE" }, custom_attributes: { plan: "pro", seats: 10 } });
    await create(t, { name: "Bert", email: "bert@other.test", additional_attributes: { city: "Paris" }, custom_attributes: { plan: "free", seats: 1 } });
    await create(t, { name: "Carl", phone_number: "+4930123456" });
    await getDb()
      .insert(customAttributeDefinitions)
      .values([
        { accountId: t.account.id, attributeDisplayName: "Plan", attributeKey: "plan", attributeModel: 1, attributeDisplayType: 0 },
        { accountId: t.account.id, attributeDisplayName: "Seats", attributeKey: "seats", attributeModel: 1, attributeDisplayType: 1 },
      ]);
  });
  const filter = (payload: unknown[], page = "") => api.post(url(t, `/filter${page}`), { token: t.agent.token, body: { payload } });
  const names = (res: { body: { payload: { name: string }[] } }) => res.body.payload.map((c) => c.name).sort();
  const condition = (attribute_key: string, filter_operator: string, values: unknown[], query_operator: string | null = null) => ({
    attribute_key,
    filter_operator,
    values,
    query_operator,
  });

  it("applies equal_to, contains and is_present", async () => {
    const city = await filter([condition("city", "equal_to", ["berlin"])]);
    expect(city.status).toBe(200);
    expect(city.body.meta).toEqual({ count: 1, current_page: 1 });
    expect(names(city)).toEqual(["Anna"]);
    expect(names(await filter([condition("email", "contains", ["other"])]))).toEqual(["Bert"]);
    expect(names(await filter([condition("phone_number", "is_present", [])]))).toEqual(["Carl"]);
    expect(names(await filter([condition("email", "is_present", [])]))).toEqual(["Anna", "Bert"]);
  });

  it("joins conditions with AND and OR, including custom attributes", async () => {
    const and = await filter([condition("email", "is_present", [], "AND"), condition("plan", "equal_to", ["pro"])]);
    expect(names(and)).toEqual(["Anna"]);
    const or = await filter([condition("name", "equal_to", ["carl"], "OR"), condition("seats", "is_greater_than", [5])]);
    expect(names(or)).toEqual(["Anna", "Carl"]);
  });

  it("names an unknown attribute or operator with 422", async () => {
    const res = await filter([condition("shoe_size", "equal_to", ["9"])]);
    expect(res.status).toBe(422);
    expect(res.body.errors[0].field).toBe("payload.0.attribute_key");
    const op = await filter([condition("blocked", "contains", ["x"])]);
    expect(op.status).toBe(422);
    expect(op.body.errors[0].field).toBe("payload.0.filter_operator");
  });

  it("does not see another account's contacts", async () => {
    await create(other, { name: "Anna elsewhere", additional_attributes: { city: "Berlin" } });
    expect(names(await filter([condition("city", "equal_to", ["Berlin"])]))).toEqual(["Anna"]);
  });
});

describe("contact merge", () => {
  it("moves the mergee's identities and conversations to the base and deletes the mergee", async () => {
    const t = await freshTeam();
    const inbox = await makeInbox(t.account.id);
    const base = await create(t, { name: "Base", email: "base@example.test", custom_attributes: { tier: "gold" } });
    const mergee = await create(t, {
      name: "Mergee",
      email: "mergee@example.test",
      phone_number: "+15551234567",
      inbox_id: inbox.id,
      source_id: "mergee-src",
      custom_attributes: { tier: "bronze", seats: 4 },
    });
    await api.post(url(t, `/${base.id}/labels`), { token: t.agent.token, body: { labels: ["vip"] } });
    await api.post(url(t, `/${mergee.id}/labels`), { token: t.agent.token, body: { labels: ["lead", "vip"] } });
    const [identity] = await getDb().select().from(contactInboxes).where(eq(contactInboxes.contactId, mergee.id));
    await getDb()
      .insert(conversations)
      .values({ accountId: t.account.id, displayId: 1, inboxId: inbox.id, contactId: mergee.id, contactInboxId: identity!.id });

    const res = await api.post(`/api/v1/accounts/${t.account.id}/actions/contact_merge`, {
      token: t.agent.token,
      body: { base_contact_id: base.id, mergee_contact_id: mergee.id },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: base.id,
      name: "Base",
      email: "base@example.test",
      phone_number: "+15551234567",
      custom_attributes: { tier: "gold", seats: 4 },
      contact_inboxes: [{ source_id: "mergee-src", inbox: expect.objectContaining({ id: inbox.id }) }],
    });
    expect(res.body).not.toHaveProperty("payload");
    const moved = await getDb().select().from(conversations).where(eq(conversations.accountId, t.account.id));
    expect(moved.map((c) => c.contactId)).toEqual([base.id]);
    expect((await api.get(url(t, `/${mergee.id}`), { token: t.agent.token })).status).toBe(404);
    expect((await api.get(url(t, `/${base.id}/labels`), { token: t.agent.token })).body.payload.sort()).toEqual(["lead", "vip"]);
    const [row] = await getDb().select().from(contacts).where(eq(contacts.id, base.id));
    expect(row!.labels.sort()).toEqual(["lead", "vip"]);
  });

  it("refuses the same contact twice (422) and contacts of another account (404)", async () => {
    const mine = await create(team, { name: "Mine" });
    const theirs = await create(other, { name: "Theirs" });
    const merge = (body: unknown) => api.post(`/api/v1/accounts/${team.account.id}/actions/contact_merge`, { token: team.agent.token, body });
    const same = await merge({ base_contact_id: mine.id, mergee_contact_id: mine.id });
    expect(same.status).toBe(422);
    expect(same.body.errors[0].field).toBe("mergee_contact_id");
    expect((await merge({ base_contact_id: mine.id, mergee_contact_id: theirs.id })).status).toBe(404);
    expect((await api.get(url(other, `/${theirs.id}`), { token: other.agent.token })).status).toBe(200);
    const missing = await merge({ base_contact_id: mine.id });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0]).toMatchObject({ field: "mergee_contact_id", code: "required" });
  });
});

describe("account isolation", () => {
  it("answers 404 for another account's contact on every route and leaves it untouched", async () => {
    const theirs = await create(other, { name: "Private", email: "private@example.test" });
    const token = team.admin.token;
    const paths = ["", "/labels", "/contactable_inboxes"];
    for (const path of paths) expect((await api.get(url(team, `/${theirs.id}${path}`), { token })).status).toBe(404);
    expect((await api.patch(url(team, `/${theirs.id}`), { token, body: { name: "Mine now" } })).status).toBe(404);
    expect((await api.put(url(team, `/${theirs.id}`), { token, body: { name: "Mine now" } })).status).toBe(404);
    expect((await api.post(url(team, `/${theirs.id}/labels`), { token, body: { labels: ["x"] } })).status).toBe(404);
    const inbox = await makeInbox(team.account.id);
    expect((await api.post(url(team, `/${theirs.id}/contact_inboxes`), { token, body: { inbox_id: inbox.id } })).status).toBe(404);
    expect((await api.delete(url(team, `/${theirs.id}`), { token })).status).toBe(404);
    const shown = await api.get(url(other, `/${theirs.id}`), { token: other.admin.token });
    expect(shown.body.payload).toMatchObject({ name: "Private", contact_inboxes: [] });
    expect((await api.get(url(team, "/search?q=private"), { token })).body.payload).toEqual([]);
    expect((await api.get(url(other), { token })).status).toBe(404);
  });

  it("answers 401 without a token", async () => {
    expect((await api.get(url(team))).status).toBe(401);
  });
});
