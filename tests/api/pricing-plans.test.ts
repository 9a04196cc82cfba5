import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { accountUsers, pricingPlans, pricingRules } from "@/db/schema";
import { api } from "../helpers/app";
import { makeBot, makeMember, makeTeam } from "../helpers/factories";

type Team = Awaited<ReturnType<typeof makeTeam>>;
let team: Team;
let other: Team;
const base = (t: Team) => `/api/v1/accounts/${t.account.id}/planning`;
const url = (suffix = "", t = team) => `${base(t)}/pricing-plans${suffix}`;

const planKeys = [
  "id",
  "name",
  "valid_from",
  "valid_to",
  "repeat_yearly",
  "active",
  "is_default",
  "is_integration_plan",
  "experience_id",
  "bundles",
  "pricing_rules",
  "created_at",
  "updated_at",
].sort();
const ruleKeys = ["id", "name", "rate_id", "priority", "active", "is_default", "clauses"].sort();
const bundleKeys = ["key", "name", "unit", "amount", "tax_rate", "category", "description"].sort();

type Plan = { id: number; name: string; is_default: boolean; pricing_rules: { id: number; name: string }[]; bundles: { key: string; name: string }[] };

const createRate = async (name: string, t = team) => {
  const res = await api.post(`${base(t)}/rates`, { token: t.admin.token, body: { rate: { name, unit: "day", amount: "750" } } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: number };
};

const createPlan = async (plan: Record<string, unknown>, t = team) => {
  const res = await api.post(url("", t), { token: t.admin.token, body: { pricing_plan: plan } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Plan;
};

const patchPlan = (id: number, plan: Record<string, unknown>, t = team) => api.patch(url(`/${id}`, t), { token: t.admin.token, body: { pricing_plan: plan } });
const showPlan = async (id: number, t = team) => (await api.get(url(`/${id}`, t), { token: t.admin.token })).body as Plan;
const fieldsOf = (body: { errors: { field: string }[] }) => body.errors.map((e) => e.field).sort();

let dayRate: { id: number };
let eveningRate: { id: number };

beforeAll(async () => {
  team = await makeTeam();
  other = await makeTeam();
  dayRate = await createRate("Day rate");
  eveningRate = await createRate("Evening rate");
});

describe("pricing plans", () => {
  it("creates a plan with its rules and bundles (201), shows, updates and deletes it with exactly its fields", async () => {
    const created = await api.post(url(), {
      token: team.admin.token,
      body: {
        pricing_plan: {
          name: "Summer 2027",
          valid_from: "2027-06-01",
          valid_to: "2027-08-31",
          repeat_yearly: false,
          active: true,
          pricing_rules: [
            {
              name: "Weekend day rate",
              rate_id: dayRate.id,
              priority: 1,
              clauses: [
                { field: "weekday", operator: "in", value: ["sat", "sun"] },
                { field: "start_time", operator: "gte", value: "08:00" },
              ],
            },
            { name: "Fallback", rate_id: eveningRate.id, priority: 10, is_default: true, active: false },
          ],
          bundles: [
            { key: "ddp", name: "Day delegate package", unit: "person", amount: "42.50", tax_rate: 9, category: "catering", description: "Coffee, lunch" },
            { name: "Cleaning", unit: "fixed", amount: 150 },
          ],
        },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const plan = created.body;
    expect(Object.keys(plan).sort()).toEqual(planKeys);
    expect(plan).toMatchObject({
      name: "Summer 2027",
      valid_from: "2027-06-01",
      valid_to: "2027-08-31",
      repeat_yearly: false,
      active: true,
      is_default: false,
      is_integration_plan: false,
      experience_id: null,
    });
    expect(new Date(plan.created_at).toISOString()).toBe(plan.created_at);
    expect(plan.pricing_rules).toHaveLength(2);
    for (const rule of plan.pricing_rules) expect(Object.keys(rule).sort()).toEqual(ruleKeys);
    expect(plan.pricing_rules[0]).toEqual({
      id: expect.any(Number),
      name: "Weekend day rate",
      rate_id: dayRate.id,
      priority: 1,
      active: true,
      is_default: false,
      clauses: [
        { field: "weekday", operator: "in", value: ["sat", "sun"] },
        { field: "start_time", operator: "gte", value: "08:00" },
      ],
    });
    expect(plan.pricing_rules[1]).toMatchObject({ name: "Fallback", rate_id: eveningRate.id, priority: 10, is_default: true, active: false, clauses: [] });
    for (const bundle of plan.bundles) expect(Object.keys(bundle).sort()).toEqual(bundleKeys);
    expect(plan.bundles[0]).toEqual({
      key: "ddp",
      name: "Day delegate package",
      unit: "person",
      amount: 42.5,
      tax_rate: 9,
      category: "catering",
      description: "Coffee, lunch",
    });
    expect(plan.bundles[1]).toEqual({ key: expect.stringMatching(/^[0-9a-f]{8}$/), name: "Cleaning", unit: "fixed", amount: 150, tax_rate: 0, category: "other", description: null });

    const shown = await api.get(url(`/${plan.id}`), { token: team.agent.token });
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual(plan);

    const renamed = await patchPlan(plan.id, { name: "Summer 2027 (final)", repeat_yearly: true, valid_to: null });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    // Rules and bundles not sent are kept as they were.
    expect(renamed.body).toMatchObject({ name: "Summer 2027 (final)", repeat_yearly: true, valid_from: "2027-06-01", valid_to: null });
    expect(renamed.body.pricing_rules).toEqual(plan.pricing_rules);
    expect(renamed.body.bundles).toEqual(plan.bundles);
    expect(renamed.body.updated_at > plan.updated_at).toBe(true);

    const deleted = await api.delete(url(`/${plan.id}`), { token: team.admin.token });
    expect(deleted.status).toBe(200);
    expect(deleted.text).toBe("");
    expect((await api.get(url(`/${plan.id}`), { token: team.admin.token })).status).toBe(404);
    expect(await getDb().select().from(pricingRules).where(eq(pricingRules.planId, plan.id))).toEqual([]);
    expect((await api.delete(url(`/${plan.id}`), { token: team.admin.token })).status).toBe(404);
  });

  it("lists a bare array by name, each plan with its rules by priority", async () => {
    const fresh = await makeTeam();
    const rate = await createRate("Hour", fresh);
    const late = await createPlan({ name: "Winter", pricing_rules: [{ name: "Late", rate_id: rate.id, priority: 5 }, { name: "Early", rate_id: rate.id, priority: -1 }] }, fresh);
    const early = await createPlan({ name: "Autumn" }, fresh);
    const list = await api.get(url("", fresh), { token: fresh.agent.token });
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body)).toBe(true);
    expect(list.body.map((p: Plan) => p.id)).toEqual([early.id, late.id]);
    for (const plan of list.body) expect(Object.keys(plan).sort()).toEqual(planKeys);
    expect(list.body[1].pricing_rules.map((r: { name: string }) => r.name)).toEqual(["Early", "Late"]);
    expect(list.body[0].pricing_rules).toEqual([]);
  });

  it("takes a bare body", async () => {
    const res = await api.post(url(), { token: team.admin.token, body: { name: "Bare plan", is_default: false } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ name: "Bare plan", bundles: [], pricing_rules: [] });
  });

  it("names each invalid field with 422, down to the clause", async () => {
    const post = (plan: Record<string, unknown>) => api.post(url(), { token: team.admin.token, body: { pricing_plan: plan } });
    const rule = (extra: Record<string, unknown> = {}) => ({ name: "Rule", rate_id: dayRate.id, ...extra });
    const theirRate = await createRate("Their rate", other);

    const missing = await post({ valid_from: "2027-01-01" });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual([expect.objectContaining({ field: "name", code: "required" })]);

    const cases: [Record<string, unknown>, string[]][] = [
      [{ valid_from: "2027-13-01" }, ["valid_from"]],
      [{ valid_to: "31-12-2027" }, ["valid_to"]],
      [{ valid_from: "2027-09-01", valid_to: "2027-08-31" }, ["valid_to"]],
      [{ is_default: "maybe" }, ["is_default"]],
      [{ pricing_rules: [rule(), rule({ rate_id: theirRate.id }), rule({ rate_id: 2_000_000_000 })] }, ["pricing_rules.1.rate_id", "pricing_rules.2.rate_id"]],
      [{ pricing_rules: [rule({ is_default: true }), rule(), rule({ is_default: true })] }, ["pricing_rules.2.is_default"]],
      [{ pricing_rules: [rule({ name: "" }), rule({ rate_id: "x" }), rule({ priority: 1.5 })] }, ["pricing_rules.0.name", "pricing_rules.1.rate_id", "pricing_rules.2.priority"]],
      [
        {
          pricing_rules: [
            rule({
              clauses: [
                { field: "weekday", operator: "eq", value: "sat" },
                { field: "attendees", operator: "between", value: [10, 50] },
                { field: "space_id", operator: "gte", value: "x" },
              ],
            }),
          ],
        },
        ["pricing_rules.0.clauses.2.operator"],
      ],
      [{ pricing_rules: [rule(), rule({ clauses: [{ field: "colour", operator: "eq", value: "red" }] })] }, ["pricing_rules.1.clauses.0.field"]],
      [{ pricing_rules: [rule({ clauses: [{ field: "month", operator: "eq", value: 13 }] })] }, ["pricing_rules.0.clauses.0.value"]],
      [{ pricing_rules: [rule({ clauses: [{ field: "start_time", operator: "between", value: ["18:00", "09:00"] }] })] }, ["pricing_rules.0.clauses.0.value"]],
      [{ pricing_rules: [rule({ clauses: [{ field: "weekday", operator: "like", value: "sat" }] })] }, ["pricing_rules.0.clauses.0.operator"]],
      [{ pricing_rules: "none" }, ["pricing_rules"]],
      [
        {
          bundles: [
            { key: "lunch", name: "Lunch", unit: "person", amount: 20 },
            { key: "lunch", name: "Lunch again", unit: "person", amount: 20 },
          ],
        },
        ["bundles.1.key"],
      ],
      [{ bundles: [{ name: "Per hour", unit: "hour", amount: 20 }] }, ["bundles.0.unit"]],
      [{ bundles: [{ name: "Too precise", unit: "fixed", amount: "20.12345", tax_rate: 120 }] }, ["bundles.0.amount", "bundles.0.tax_rate"]],
      [{ bundles: [{ key: "has space", name: "Bad key", unit: "fixed", amount: 1 }] }, ["bundles.0.key"]],
      [{ bundles: [{ name: "No amount", unit: "fixed" }] }, ["bundles.0.amount"]],
    ];
    for (const [change, fields] of cases) {
      const res = await post({ name: "Invalid", ...change });
      expect(res.status, `${JSON.stringify(change)} → ${JSON.stringify(res.body)}`).toBe(422);
      expect(fieldsOf(res.body), JSON.stringify(change)).toEqual(fields);
    }
    // Nothing of the refused plans was kept.
    const names = (await api.get(url(), { token: team.admin.token })).body.map((p: Plan) => p.name);
    expect(names).not.toContain("Invalid");
  });

  it("checks the dates of a partial update against the stored ones", async () => {
    const plan = await createPlan({ name: "Dated", valid_from: "2027-03-01", valid_to: "2027-03-31" });
    const res = await patchPlan(plan.id, { valid_to: "2027-02-28" });
    expect(res.status).toBe(422);
    expect(fieldsOf(res.body)).toEqual(["valid_to"]);
    expect((await patchPlan(plan.id, { valid_from: "2027-04-01", valid_to: "2027-04-30" })).status).toBe(200);
    expect((await patchPlan(plan.id, { valid_from: "2027-05-01" })).status).toBe(422);
  });

  it("keeps one default plan per account: a new default takes over", async () => {
    const fresh = await makeTeam();
    const first = await createPlan({ name: "Standard", is_default: true }, fresh);
    expect(first.is_default).toBe(true);
    const second = await createPlan({ name: "Standard 2028", is_default: true }, fresh);
    expect(second.is_default).toBe(true);
    expect((await showPlan(first.id, fresh)).is_default).toBe(false);

    const back = await patchPlan(first.id, { is_default: true }, fresh);
    expect(back.status).toBe(200);
    expect(back.body.is_default).toBe(true);
    expect((await showPlan(second.id, fresh)).is_default).toBe(false);

    // Saving the default again, or another plan without is_default, changes nothing.
    expect((await patchPlan(first.id, { is_default: true, name: "Standard rates" }, fresh)).body.is_default).toBe(true);
    await createPlan({ name: "Promo" }, fresh);
    const defaults = await getDb()
      .select({ id: pricingPlans.id })
      .from(pricingPlans)
      .where(and(eq(pricingPlans.accountId, fresh.account.id), eq(pricingPlans.isDefault, true)));
    expect(defaults).toEqual([{ id: first.id }]);

    // Another account's default is not touched.
    const theirs = await createPlan({ name: "Their default", is_default: true }, other);
    await createPlan({ name: "Yet another", is_default: true }, fresh);
    expect((await showPlan(theirs.id, other)).is_default).toBe(true);

    const cleared = await patchPlan(first.id, { is_default: false }, fresh);
    expect(cleared.body.is_default).toBe(false);
  });

  it("makes plans default one after another when requests race", async () => {
    const fresh = await makeTeam();
    await createPlan({ name: "Old default", is_default: true }, fresh);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => api.post(url("", fresh), { token: fresh.admin.token, body: { pricing_plan: { name: `Racer ${i}`, is_default: true } } })),
    );
    expect(results.map((res) => res.status)).toEqual(Array(6).fill(201));
    const defaults = await getDb()
      .select({ id: pricingPlans.id })
      .from(pricingPlans)
      .where(and(eq(pricingPlans.accountId, fresh.account.id), eq(pricingPlans.isDefault, true)));
    expect(defaults).toHaveLength(1);
    expect(results.map((res) => res.body.id)).toContain(defaults[0]!.id);
  });

  it("replaces the rules and bundles when they are sent, keeping bundle keys by name", async () => {
    const plan = await createPlan({
      name: "Replaceable",
      pricing_rules: [
        { name: "Old A", rate_id: dayRate.id },
        { name: "Old B", rate_id: eveningRate.id },
      ],
      bundles: [
        { name: "Lunch", unit: "person", amount: 20 },
        { key: "drinks", name: "Drinks", unit: "person", amount: 12.5 },
      ],
    });
    const lunchKey = plan.bundles[0]!.key;
    const oldIds = plan.pricing_rules.map((r) => r.id);

    const replaced = await patchPlan(plan.id, {
      pricing_rules: [{ name: "New", rate_id: eveningRate.id, clauses: [{ field: "attendees", operator: "gte", value: 100 }] }],
      bundles: [
        { name: "Lunch", unit: "person", amount: 22 },
        { name: "Dinner", unit: "person", amount: 45 },
      ],
    });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body.pricing_rules).toEqual([
      { id: expect.any(Number), name: "New", rate_id: eveningRate.id, priority: 0, active: true, is_default: false, clauses: [{ field: "attendees", operator: "gte", value: 100 }] },
    ]);
    expect(oldIds).not.toContain(replaced.body.pricing_rules[0].id);
    expect(replaced.body.bundles.map((b: { key: string; name: string; amount: number }) => [b.name, b.amount])).toEqual([
      ["Lunch", 22],
      ["Dinner", 45],
    ]);
    expect(replaced.body.bundles[0].key).toBe(lunchKey);
    expect(replaced.body.bundles[1].key).not.toBe(lunchKey);
    const rows = await getDb().select().from(pricingRules).where(eq(pricingRules.planId, plan.id));
    expect(rows.map((r) => r.name)).toEqual(["New"]);

    const emptied = await patchPlan(plan.id, { pricing_rules: [], bundles: [] });
    expect(emptied.body).toMatchObject({ pricing_rules: [], bundles: [] });
  });

  it("leaves the plan and the previous default unchanged when an update is refused", async () => {
    const fresh = await makeTeam();
    const rate = await createRate("Rate", fresh);
    const theirRate = await createRate("Their rate", other);
    const standing = await createPlan({ name: "Standing default", is_default: true }, fresh);
    const plan = await createPlan({ name: "Kept", pricing_rules: [{ name: "Kept rule", rate_id: rate.id }], bundles: [{ key: "k", name: "Kept bundle", unit: "fixed", amount: 1 }] }, fresh);

    const refused = await patchPlan(
      plan.id,
      {
        name: "Changed",
        is_default: true,
        bundles: [],
        pricing_rules: [
          { name: "Fine", rate_id: rate.id },
          { name: "Foreign", rate_id: theirRate.id },
        ],
      },
      fresh,
    );
    expect(refused.status).toBe(422);
    expect(fieldsOf(refused.body)).toEqual(["pricing_rules.1.rate_id"]);
    const after = await showPlan(plan.id, fresh);
    expect(after).toEqual(plan);
    expect((await showPlan(standing.id, fresh)).is_default).toBe(true);
  });

  it("answers 404 for another account's plan", async () => {
    const theirs = await createPlan({ name: "Their plan" }, other);
    expect((await api.get(url(`/${theirs.id}`), { token: team.admin.token })).status).toBe(404);
    expect((await patchPlan(theirs.id, { name: "Ours" })).status).toBe(404);
    expect((await api.delete(url(`/${theirs.id}`), { token: team.admin.token })).status).toBe(404);
    expect((await api.get(url("/abc"), { token: team.admin.token })).status).toBe(404);
    expect((await showPlan(theirs.id, other)).name).toBe("Their plan");
    expect((await api.get(url(), { token: team.admin.token })).body.map((p: Plan) => p.id)).not.toContain(theirs.id);
  });

  it("lets every member read but only quote_manage write; bots get 401", async () => {
    const plan = await createPlan({ name: "Guarded" });
    const token = team.agent.token;
    expect((await api.get(url(), { token })).status).toBe(200);
    expect((await api.get(url(`/${plan.id}`), { token })).status).toBe(200);
    expect((await api.post(url(), { token, body: { pricing_plan: { name: "Agent" } } })).status).toBe(403);
    expect((await api.patch(url(`/${plan.id}`), { token, body: { pricing_plan: { name: "x" } } })).status).toBe(403);
    expect((await api.delete(url(`/${plan.id}`), { token })).status).toBe(403);
    expect((await showPlan(plan.id)).name).toBe("Guarded");

    const planner = await makeMember(team.account.id, "agent");
    await getDb().update(accountUsers).set({ permissions: ["quote_manage"] }).where(eq(accountUsers.userId, planner.user.id));
    const made = await api.post(url(), { token: planner.token, body: { pricing_plan: { name: "Quoter" } } });
    expect(made.status).toBe(201);
    expect((await api.delete(url(`/${made.body.id}`), { token: planner.token })).status).toBe(200);

    const bot = await makeBot(team.account.id);
    expect((await api.get(url(), { token: bot.token })).status).toBe(401);
    expect((await api.post(url(), { token: bot.token, body: { pricing_plan: { name: "Bot" } } })).status).toBe(401);
  });
});
