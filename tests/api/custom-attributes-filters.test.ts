import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../helpers/app";
import { makeBot, makeMember, makeTeam } from "../helpers/factories";

let team: Awaited<ReturnType<typeof makeTeam>>;
let other: Awaited<ReturnType<typeof makeTeam>>;
const attributesUrl = () => `/api/v1/accounts/${team.account.id}/custom_attribute_definitions`;
const filtersUrl = () => `/api/v1/accounts/${team.account.id}/custom_filters`;

beforeAll(async () => {
  team = await makeTeam();
  other = await makeTeam();
});

describe("custom attribute definitions", () => {
  it("lets an administrator create, list, show, update and delete one, enums answered as names", async () => {
    const created = await api.post(attributesUrl(), {
      token: team.admin.token,
      body: {
        custom_attribute_definition: {
          attribute_display_name: "Guest count",
          attribute_display_type: 1,
          attribute_description: "How many are coming",
          attribute_key: "guest_count",
          attribute_model: 0,
          default_value: 10,
        },
      },
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(Number),
      attribute_display_name: "Guest count",
      attribute_display_type: "number",
      attribute_description: "How many are coming",
      attribute_key: "guest_count",
      regex_pattern: null,
      regex_cue: null,
      attribute_values: [],
      attribute_model: "conversation_attribute",
      default_value: 10,
      created_at: expect.any(Number),
      updated_at: expect.any(Number),
    });
    const id = created.body.id;

    const shown = await api.get(`${attributesUrl()}/${id}`, { token: team.agent.token });
    expect(shown.body.attribute_key).toBe("guest_count");

    const updated = await api.patch(`${attributesUrl()}/${id}`, {
      token: team.admin.token,
      body: { attribute_display_type: "list", attribute_values: ["10", "50", "100"], attribute_display_name: "Party size" },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ attribute_display_type: "list", attribute_values: ["10", "50", "100"], attribute_display_name: "Party size" });

    const deleted = await api.delete(`${attributesUrl()}/${id}`, { token: team.admin.token });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
    expect((await api.get(`${attributesUrl()}/${id}`, { token: team.admin.token })).status).toBe(404);
  });

  it("filters the list by attribute_model given as integer or name", async () => {
    await api.post(attributesUrl(), {
      token: team.admin.token,
      body: { attribute_display_name: "Company size", attribute_key: "company_size", attribute_model: "contact_attribute", attribute_display_type: "text" },
    });
    await api.post(attributesUrl(), {
      token: team.admin.token,
      body: { attribute_display_name: "Budget", attribute_key: "budget", attribute_display_type: "currency", regex_pattern: "^\\d+$", regex_cue: "Digits only" },
    });
    const contactsOnly = await api.get(`${attributesUrl()}?attribute_model=1`, { token: team.agent.token });
    expect(contactsOnly.status).toBe(200);
    expect(contactsOnly.body.map((d: { attribute_key: string }) => d.attribute_key)).toEqual(["company_size"]);
    expect(contactsOnly.body[0].attribute_model).toBe("contact_attribute");
    const conversationsOnly = await api.get(`${attributesUrl()}?attribute_model=conversation_attribute`, { token: team.agent.token });
    expect(conversationsOnly.body.map((d: { attribute_key: string }) => d.attribute_key)).toContain("budget");
    expect(conversationsOnly.body.every((d: { attribute_model: string }) => d.attribute_model === "conversation_attribute")).toBe(true);
    const budget = conversationsOnly.body.find((d: { attribute_key: string }) => d.attribute_key === "budget");
    expect(budget).toMatchObject({ attribute_display_type: "currency", regex_pattern: "^\\d+$", regex_cue: "Digits only" });
    const all = await api.get(attributesUrl(), { token: team.agent.token });
    expect(all.body.length).toBeGreaterThanOrEqual(2);
    const bad = await api.get(`${attributesUrl()}?attribute_model=7`, { token: team.agent.token });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].field).toBe("attribute_model");
  });

  it("names invalid fields with 422", async () => {
    const res = await api.post(attributesUrl(), {
      token: team.admin.token,
      body: { attribute_key: "Bad Key", attribute_display_type: 9, attribute_model: "company_attribute", regex_pattern: "([a-z" },
    });
    expect(res.status).toBe(422);
    const fields = res.body.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining(["attribute_display_name", "attribute_key", "attribute_display_type", "attribute_model", "regex_pattern"]),
    );
    const standard = await api.post(attributesUrl(), { token: team.admin.token, body: { attribute_display_name: "Status", attribute_key: "status" } });
    expect(standard.status).toBe(422);
    expect(standard.body.errors[0].field).toBe("attribute_key");
  });

  it("keeps keys unique per account and model", async () => {
    const body = { attribute_display_name: "Venue", attribute_key: "venue_ref", attribute_model: 0 };
    expect((await api.post(attributesUrl(), { token: team.admin.token, body })).status).toBe(200);
    const again = await api.post(attributesUrl(), { token: team.admin.token, body });
    expect(again.status).toBe(422);
    expect(again.body.errors[0]).toMatchObject({ field: "attribute_key", code: "taken" });
    const contactModel = await api.post(attributesUrl(), { token: team.admin.token, body: { ...body, attribute_model: 1 } });
    expect(contactModel.status).toBe(200);
    // Moving the contact one onto the taken (key, model) pair is refused too.
    const move = await api.patch(`${attributesUrl()}/${contactModel.body.id}`, { token: team.admin.token, body: { attribute_model: 0 } });
    expect(move.status).toBe(422);
    expect(move.body.errors[0].code).toBe("taken");
    const elsewhere = await api.post(`/api/v1/accounts/${other.account.id}/custom_attribute_definitions`, { token: other.admin.token, body });
    expect(elsewhere.status).toBe(200);
  });

  it("refuses agents' writes with 403 and another account's definition with 404", async () => {
    const made = await api.post(attributesUrl(), { token: team.admin.token, body: { attribute_display_name: "Guarded", attribute_key: "guarded" } });
    const token = team.agent.token;
    expect((await api.post(attributesUrl(), { token, body: { attribute_display_name: "Mine", attribute_key: "mine" } })).status).toBe(403);
    expect((await api.patch(`${attributesUrl()}/${made.body.id}`, { token, body: { attribute_display_name: "x" } })).status).toBe(403);
    expect((await api.delete(`${attributesUrl()}/${made.body.id}`, { token })).status).toBe(403);

    const theirs = await api.post(`/api/v1/accounts/${other.account.id}/custom_attribute_definitions`, {
      token: other.admin.token,
      body: { attribute_display_name: "Theirs", attribute_key: "theirs" },
    });
    const url = `${attributesUrl()}/${theirs.body.id}`;
    expect((await api.get(url, { token: team.admin.token })).status).toBe(404);
    expect((await api.patch(url, { token: team.admin.token, body: { attribute_display_name: "x" } })).status).toBe(404);
    expect((await api.delete(url, { token: team.admin.token })).status).toBe(404);
    const mineOnly = await api.get(attributesUrl(), { token: team.admin.token });
    expect(mineOnly.body.map((d: { id: number }) => d.id)).not.toContain(theirs.body.id);
  });
});

describe("custom filters", () => {
  const query = { payload: [{ attribute_key: "status", filter_operator: "equal_to", values: ["open"], query_operator: null }] };

  it("saves, lists, shows, updates and deletes the caller's own filters", async () => {
    const created = await api.post(filtersUrl(), { token: team.agent.token, body: { custom_filter: { name: "Open ones", type: "conversation", query } } });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: "Open ones",
      filter_type: "conversation",
      query,
      created_at: expect.any(Number),
      updated_at: expect.any(Number),
    });
    const id = created.body.id;
    const contactFilter = await api.post(filtersUrl(), { token: team.agent.token, body: { name: "Leads", filter_type: 1, query: { payload: [] } } });
    expect(contactFilter.body.filter_type).toBe("contact");

    const list = await api.get(filtersUrl(), { token: team.agent.token });
    expect(list.status).toBe(200);
    expect(list.body.map((f: { id: number }) => f.id)).toEqual([id]);
    const contactsList = await api.get(`${filtersUrl()}?filter_type=contact`, { token: team.agent.token });
    expect(contactsList.body.map((f: { name: string }) => f.name)).toEqual(["Leads"]);

    expect((await api.get(`${filtersUrl()}/${id}`, { token: team.agent.token })).body.name).toBe("Open ones");
    const updated = await api.patch(`${filtersUrl()}/${id}`, { token: team.agent.token, body: { name: "Still open", query: { payload: [] } } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: "Still open", filter_type: "conversation", query: { payload: [] } });

    const deleted = await api.delete(`${filtersUrl()}/${id}`, { token: team.agent.token });
    expect(deleted.status).toBe(204);
    expect((await api.get(`${filtersUrl()}/${id}`, { token: team.agent.token })).status).toBe(404);
  });

  it("hides other users' filters, administrators' included, behind 404", async () => {
    const theirs = await api.post(filtersUrl(), { token: team.agent.token, body: { name: "Private", query } });
    const url = `${filtersUrl()}/${theirs.body.id}`;
    for (const token of [team.admin.token, (await makeMember(team.account.id)).token]) {
      expect((await api.get(url, { token })).status).toBe(404);
      expect((await api.patch(url, { token, body: { name: "Hijacked" } })).status).toBe(404);
      expect((await api.delete(url, { token })).status).toBe(404);
      expect((await api.get(filtersUrl(), { token })).body.map((f: { id: number }) => f.id)).not.toContain(theirs.body.id);
    }
    expect((await api.get(url, { token: team.agent.token })).body.name).toBe("Private");
    // Another account's path is a 404 for the owner too.
    expect((await api.get(`/api/v1/accounts/${other.account.id}/custom_filters/${theirs.body.id}`, { token: other.admin.token })).status).toBe(404);
  });

  it("names invalid fields with 422 and refuses bot tokens with 401", async () => {
    const res = await api.post(filtersUrl(), { token: team.agent.token, body: { name: "", type: "bookings" } });
    expect(res.status).toBe(422);
    const fields = res.body.errors.map((e: { field: string; code: string }) => [e.field, e.code]);
    expect(fields).toEqual(expect.arrayContaining([["name", "invalid"], ["type", "invalid"], ["query", "required"]]));
    const badQuery = await api.get(`${filtersUrl()}?filter_type=bookings`, { token: team.agent.token });
    expect(badQuery.status).toBe(422);
    const { token } = await makeBot(team.account.id);
    expect((await api.get(filtersUrl(), { token })).status).toBe(401);
  });

  it("caps saved filters at 50 per user and account", async () => {
    const saver = await makeMember(team.account.id);
    for (let i = 0; i < 50; i++) {
      const res = await api.post(filtersUrl(), { token: saver.token, body: { name: `Filter ${i}`, type: i % 2 ? "contact" : "report", query: {} } });
      expect(res.status).toBe(200);
    }
    const over = await api.post(filtersUrl(), { token: saver.token, body: { name: "One too many", query: {} } });
    expect(over.status).toBe(422);
    expect(over.body.errors[0].field).toBe("base");
    // Someone else is not held to the saver's count.
    expect((await api.post(filtersUrl(), { token: team.admin.token, body: { name: "Admin's", query: {} } })).status).toBe(200);
  });
});
