import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { accountUsers, rates } from "@/db/schema";
import { api } from "../helpers/app";
import { makeBot, makeMember, makeTeam } from "../helpers/factories";

type Team = Awaited<ReturnType<typeof makeTeam>>;
let team: Team;
let other: Team;
const base = (t: Team) => `/api/v1/accounts/${t.account.id}`;
const url = (suffix = "", t = team) => `${base(t)}/planning/rates${suffix}`;

const rateKeys = ["id", "name", "unit", "amount", "tax_rate", "category", "space_id", "active", "created_at", "updated_at"].sort();

const createRate = async (rate: Record<string, unknown>, t = team) => {
  const res = await api.post(url("", t), { token: t.admin.token, body: { rate } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: number; name: string };
};

const createSpace = async (name: string, t = team) => {
  const res = await api.post(`${base(t)}/spaces`, { token: t.admin.token, body: { space: { name } } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: string };
};

const fieldsOf = (body: { errors: { field: string }[] }) => body.errors.map((e) => e.field).sort();

beforeAll(async () => {
  team = await makeTeam();
  other = await makeTeam();
});

describe("rates", () => {
  it("creates, shows, updates and deletes a rate with exactly its fields", async () => {
    const hall = await createSpace("Grand Hall");
    const created = await api.post(url(), {
      token: team.admin.token,
      body: { rate: { name: "Hall per hour", unit: "hour", amount: "125.50", tax_rate: 21, category: "space", space_id: hall.id } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(Object.keys(created.body).sort()).toEqual(rateKeys);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: "Hall per hour",
      unit: "hour",
      amount: 125.5,
      tax_rate: 21,
      category: "space",
      space_id: hall.id,
      active: true,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(new Date(created.body.created_at).toISOString()).toBe(created.body.created_at);
    const id = created.body.id;
    const [row] = await getDb().select().from(rates).where(eq(rates.id, id));
    expect(row!.amount).toBe("125.5000");

    const shown = await api.get(url(`/${id}`), { token: team.agent.token });
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual(created.body);

    const updated = await api.patch(url(`/${id}`), {
      token: team.admin.token,
      body: { rate: { amount: 99.9999, tax_rate: "5.5", space_id: null, active: false, unit: "day" } },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ name: "Hall per hour", unit: "day", amount: 99.9999, tax_rate: 5.5, space_id: null, active: false, category: "space" });
    expect(updated.body.updated_at > created.body.updated_at).toBe(true);

    const deleted = await api.delete(url(`/${id}`), { token: team.admin.token });
    expect(deleted.status).toBe(200);
    expect(deleted.text).toBe("");
    expect((await api.get(url(`/${id}`), { token: team.admin.token })).status).toBe(404);
    expect((await api.delete(url(`/${id}`), { token: team.admin.token })).status).toBe(404);
  });

  it("fills defaults, takes a bare body and lists a bare array by name, then id", async () => {
    const fresh = await makeTeam();
    const bare = await api.post(url("", fresh), { token: fresh.admin.token, body: { name: "Lunch", unit: "person", amount: 18 } });
    expect(bare.status, JSON.stringify(bare.body)).toBe(200);
    expect(bare.body).toMatchObject({ name: "Lunch", unit: "person", amount: 18, tax_rate: 0, category: "space", space_id: null, active: true });
    const second = await createRate({ name: "Beamer", unit: "fixed", amount: "45", category: "equipment" }, fresh);
    const third = await createRate({ name: "Beamer", unit: "day", amount: "60.25", category: "equipment" }, fresh);

    const list = await api.get(url("", fresh), { token: fresh.agent.token });
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body)).toBe(true);
    expect(list.body.map((r: { id: number }) => r.id)).toEqual([second.id, third.id, bare.body.id]);
    for (const rate of list.body) expect(Object.keys(rate).sort()).toEqual(rateKeys);
    expect(list.body[1]).toMatchObject({ amount: 60.25, category: "equipment" });
  });

  it("names each invalid field with 422", async () => {
    const post = (rate: Record<string, unknown>) => api.post(url(), { token: team.admin.token, body: { rate } });

    const missing = await post({ name: "Nothing else" });
    expect(missing.status).toBe(422);
    expect(fieldsOf(missing.body)).toEqual(["amount", "unit"]);
    expect(missing.body.errors.find((e: { field: string }) => e.field === "amount")).toMatchObject({ code: "required", message: "is required" });

    const cases: [Record<string, unknown>, string][] = [
      [{ amount: "12.12345" }, "amount"],
      [{ amount: 0.1 + 0.2 }, "amount"],
      [{ amount: "-1" }, "amount"],
      [{ amount: "12,50" }, "amount"],
      [{ amount: "1e3" }, "amount"],
      [{ amount: true }, "amount"],
      [{ amount: "1234567890123" }, "amount"],
      [{ tax_rate: 101 }, "tax_rate"],
      [{ tax_rate: "-0.5" }, "tax_rate"],
      [{ tax_rate: "21.1234" }, "tax_rate"],
      [{ unit: "week" }, "unit"],
      [{ category: "food" }, "category"],
      [{ space_id: "not-a-uuid" }, "space_id"],
      [{ name: "  " }, "name"],
    ];
    for (const [change, field] of cases) {
      const res = await post({ name: "Rate", unit: "hour", amount: 10, ...change });
      expect(res.status, `${JSON.stringify(change)} → ${JSON.stringify(res.body)}`).toBe(422);
      expect(fieldsOf(res.body), JSON.stringify(change)).toEqual([field]);
    }
    expect((await post({ name: "Four decimals", unit: "hour", amount: "0.0001", tax_rate: "100" })).status).toBe(200);

    const theirSpace = await createSpace("Their hall", other);
    const foreign = await post({ name: "Foreign space", unit: "hour", amount: 10, space_id: theirSpace.id });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors[0]).toMatchObject({ field: "space_id", code: "invalid" });

    const rate = await createRate({ name: "Patchable", unit: "hour", amount: 10 });
    const bad = await api.patch(url(`/${rate.id}`), { token: team.admin.token, body: { rate: { amount: "x", space_id: theirSpace.id } } });
    expect(bad.status).toBe(422);
    expect(fieldsOf(bad.body)).toEqual(["amount"]);
    const badSpace = await api.patch(url(`/${rate.id}`), { token: team.admin.token, body: { rate: { space_id: theirSpace.id } } });
    expect(badSpace.status).toBe(422);
    expect(fieldsOf(badSpace.body)).toEqual(["space_id"]);
    expect((await api.get(url(`/${rate.id}`), { token: team.admin.token })).body).toMatchObject({ amount: 10, space_id: null });
  });

  it("refuses to delete a rate a pricing rule uses, naming the rule and plan", async () => {
    const rate = await createRate({ name: "Weekend day", unit: "day", amount: 900 });
    const plan = await api.post(`${base(team)}/planning/pricing-plans`, {
      token: team.admin.token,
      body: { pricing_plan: { name: "Summer 2027", pricing_rules: [{ name: "Weekend day rate", rate_id: rate.id }] } },
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);

    const refused = await api.delete(url(`/${rate.id}`), { token: team.admin.token });
    expect(refused.status).toBe(409);
    expect(refused.body.description).toBe("Used by rule 'Weekend day rate' of plan 'Summer 2027'");
    expect((await api.get(url(`/${rate.id}`), { token: team.admin.token })).status).toBe(200);

    const cleared = await api.patch(`${base(team)}/planning/pricing-plans/${plan.body.id}`, {
      token: team.admin.token,
      body: { pricing_plan: { pricing_rules: [] } },
    });
    expect(cleared.status).toBe(200);
    expect((await api.delete(url(`/${rate.id}`), { token: team.admin.token })).status).toBe(200);
  });

  it("answers 404 for another account's rate", async () => {
    const theirs = await createRate({ name: "Their rate", unit: "hour", amount: 10 }, other);
    expect((await api.get(url(`/${theirs.id}`), { token: team.admin.token })).status).toBe(404);
    expect((await api.patch(url(`/${theirs.id}`), { token: team.admin.token, body: { rate: { name: "Ours" } } })).status).toBe(404);
    expect((await api.delete(url(`/${theirs.id}`), { token: team.admin.token })).status).toBe(404);
    expect((await api.get(url("/abc"), { token: team.admin.token })).status).toBe(404);
    const [row] = await getDb().select().from(rates).where(eq(rates.id, theirs.id));
    expect(row!.name).toBe("Their rate");
    expect((await api.get(url(), { token: team.admin.token })).body.map((r: { id: number }) => r.id)).not.toContain(theirs.id);
  });

  it("lets every member read but only quote_manage write; bots get 401", async () => {
    const rate = await createRate({ name: "Guarded", unit: "hour", amount: 10 });
    const token = team.agent.token;
    expect((await api.get(url(), { token })).status).toBe(200);
    expect((await api.get(url(`/${rate.id}`), { token })).status).toBe(200);
    expect((await api.post(url(), { token, body: { rate: { name: "Agent", unit: "hour", amount: 1 } } })).status).toBe(403);
    expect((await api.patch(url(`/${rate.id}`), { token, body: { rate: { name: "x" } } })).status).toBe(403);
    expect((await api.delete(url(`/${rate.id}`), { token })).status).toBe(403);

    const planner = await makeMember(team.account.id, "agent");
    await getDb().update(accountUsers).set({ permissions: ["planning_manage"] }).where(eq(accountUsers.userId, planner.user.id));
    expect((await api.post(url(), { token: planner.token, body: { rate: { name: "Planner", unit: "hour", amount: 1 } } })).status).toBe(403);
    await getDb().update(accountUsers).set({ permissions: ["quote_manage"] }).where(eq(accountUsers.userId, planner.user.id));
    const made = await api.post(url(), { token: planner.token, body: { rate: { name: "Quoter", unit: "hour", amount: 1 } } });
    expect(made.status).toBe(200);
    expect((await api.delete(url(`/${made.body.id}`), { token: planner.token })).status).toBe(200);

    const bot = await makeBot(team.account.id);
    expect((await api.get(url(), { token: bot.token })).status).toBe(401);
    expect((await api.post(url(), { token: bot.token, body: { rate: { name: "Bot", unit: "hour", amount: 1 } } })).status).toBe(401);
  });
});
