import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { accountUsers, companies, planningEvents } from "@/db/schema";
import { api } from "../helpers/app";
import { makeBot, makeMember, makeTeam } from "../helpers/factories";

let team: Awaited<ReturnType<typeof makeTeam>>;
let other: Awaited<ReturnType<typeof makeTeam>>;
const url = (suffix = "", t = team) => `/api/v1/accounts/${t.account.id}/companies${suffix}`;

const companyKeys = ["id", "name", "vat_number", "email", "address", "custom_attributes", "created_at", "updated_at"].sort();

const create = async (company: Record<string, unknown>, t = team) => {
  const res = await api.post(url("", t), { token: t.admin.token, body: { company } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: number; name: string };
};

beforeAll(async () => {
  team = await makeTeam();
  other = await makeTeam();
});

describe("companies", () => {
  it("creates, shows, updates and deletes a company with exactly its fields", async () => {
    const created = await api.post(url(), {
      token: team.admin.token,
      body: {
        company: {
          name: "Acme Events",
          vat_number: "NL123456789B01",
          email: "Office@Acme.test",
          address: "Dam 1, Amsterdam",
          custom_attributes: { tier: "gold" },
        },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(Object.keys(created.body).sort()).toEqual(companyKeys);
    expect(created.body).toMatchObject({
      id: expect.any(Number),
      name: "Acme Events",
      vat_number: "NL123456789B01",
      email: "office@acme.test",
      address: "Dam 1, Amsterdam",
      custom_attributes: { tier: "gold" },
    });
    expect(new Date(created.body.created_at).toISOString()).toBe(created.body.created_at);
    const id = created.body.id;

    const shown = await api.get(url(`/${id}`), { token: team.agent.token });
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual(created.body);

    const updated = await api.patch(url(`/${id}`), { token: team.admin.token, body: { company: { email: "", address: null } } });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({
      name: "Acme Events",
      vat_number: "NL123456789B01",
      email: null,
      address: null,
      custom_attributes: { tier: "gold" },
    });
    expect(updated.body.updated_at > created.body.updated_at).toBe(true);

    const deleted = await api.delete(url(`/${id}`), { token: team.admin.token });
    expect(deleted.status).toBe(200);
    expect(deleted.text).toBe("");
    expect((await api.get(url(`/${id}`), { token: team.admin.token })).status).toBe(404);
    expect((await api.delete(url(`/${id}`), { token: team.admin.token })).status).toBe(404);
  });

  it("names invalid fields with 422", async () => {
    const missing = await api.post(url(), { token: team.admin.token, body: { company: { email: "a@b.test" } } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0]).toMatchObject({ field: "name", code: "required" });
    const blank = await api.post(url(), { token: team.admin.token, body: { company: { name: " ", email: "not-an-email" } } });
    expect(blank.status).toBe(422);
    expect(blank.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["email", "name"]);
    const made = await create({ name: "Valid Ltd" });
    const bad = await api.patch(url(`/${made.id}`), { token: team.admin.token, body: { company: { email: "nope@", custom_attributes: "x" } } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["custom_attributes", "email"]);
  });

  it("pages by name, 25 at a time, and searches names in any case", async () => {
    const fresh = await makeTeam();
    for (let i = 0; i < 27; i++) await create({ name: `Client ${String(i).padStart(2, "0")}` }, fresh);
    await create({ name: "acme 100% Catering" }, fresh);
    await create({ name: "ACME Hotels" }, fresh);

    const first = await api.get(url("", fresh), { token: fresh.agent.token });
    expect(first.status).toBe(200);
    expect(first.body.meta).toEqual({ count: 29, current_page: 1 });
    expect(first.body.companies).toHaveLength(25);
    expect(first.body.companies.slice(0, 3).map((c: { name: string }) => c.name)).toEqual(["acme 100% Catering", "ACME Hotels", "Client 00"]);
    for (const company of first.body.companies) expect(Object.keys(company).sort()).toEqual(companyKeys);

    const second = await api.get(url("?page=2", fresh), { token: fresh.agent.token });
    expect(second.body.meta).toEqual({ count: 29, current_page: 2 });
    expect(second.body.companies.map((c: { name: string }) => c.name)).toEqual(["Client 23", "Client 24", "Client 25", "Client 26"]);

    const search = await api.get(url("?q=AcMe", fresh), { token: fresh.agent.token });
    expect(search.body.companies.map((c: { name: string }) => c.name)).toEqual(["acme 100% Catering", "ACME Hotels"]);
    expect(search.body.meta).toEqual({ count: 2, current_page: 1 });
    // `%` is a character to match, not a wildcard.
    expect((await api.get(url(`?q=${encodeURIComponent("100%")}`, fresh), { token: fresh.agent.token })).body.meta.count).toBe(1);
    expect((await api.get(url("?page=0", fresh), { token: fresh.agent.token })).status).toBe(422);
  });

  it("answers 404 for another account's company", async () => {
    const theirs = await create({ name: "Their Co" }, other);
    expect((await api.get(url(`/${theirs.id}`), { token: team.admin.token })).status).toBe(404);
    expect((await api.patch(url(`/${theirs.id}`), { token: team.admin.token, body: { company: { name: "Ours" } } })).status).toBe(404);
    expect((await api.delete(url(`/${theirs.id}`), { token: team.admin.token })).status).toBe(404);
    expect((await api.get(url("/abc"), { token: team.admin.token })).status).toBe(404);
    const [row] = await getDb().select().from(companies).where(eq(companies.id, theirs.id));
    expect(row!.name).toBe("Their Co");
    expect((await api.get(url(), { token: team.admin.token })).body.companies.map((c: { id: number }) => c.id)).not.toContain(theirs.id);
  });

  it("leaves events that named a deleted company without one", async () => {
    const company = await create({ name: "Short-lived" });
    const event = await api.post(`/api/v1/accounts/${team.account.id}/planning/events`, {
      token: team.admin.token,
      body: { event: { name: "Gala", company_id: company.id } },
    });
    expect(event.body.company_id).toBe(company.id);
    expect((await api.delete(url(`/${company.id}`), { token: team.admin.token })).status).toBe(200);
    const [row] = await getDb().select().from(planningEvents).where(eq(planningEvents.id, event.body.id));
    expect(row!.companyId).toBeNull();
  });

  it("lets every member read but only planning_manage write; bots get 401", async () => {
    const company = await create({ name: "Guarded Co" });
    const token = team.agent.token;
    expect((await api.get(url(), { token })).status).toBe(200);
    expect((await api.get(url(`/${company.id}`), { token })).status).toBe(200);
    expect((await api.post(url(), { token, body: { company: { name: "Agent Co" } } })).status).toBe(403);
    expect((await api.patch(url(`/${company.id}`), { token, body: { company: { name: "x" } } })).status).toBe(403);
    expect((await api.delete(url(`/${company.id}`), { token })).status).toBe(403);

    const planner = await makeMember(team.account.id, "agent");
    await getDb().update(accountUsers).set({ permissions: ["planning_manage"] }).where(eq(accountUsers.userId, planner.user.id));
    const made = await api.post(url(), { token: planner.token, body: { company: { name: "Planner Co" } } });
    expect(made.status).toBe(200);
    expect((await api.delete(url(`/${made.body.id}`), { token: planner.token })).status).toBe(200);

    const bot = await makeBot(team.account.id);
    expect((await api.get(url(), { token: bot.token })).status).toBe(401);
    expect((await api.post(url(), { token: bot.token, body: { company: { name: "Bot Co" } } })).status).toBe(401);
  });
});
