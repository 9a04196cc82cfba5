import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { accountUsers, discountCodes } from "@/db/schema";
import { accountCallerFromToken, type UserCaller } from "@/lib/auth/caller";
import { findDiscountCodes } from "@/lib/pricing/discount-codes/discount-codes";
import { api } from "../helpers/app";
import { makeBot, makeMember, makeTeam } from "../helpers/factories";

type Team = Awaited<ReturnType<typeof makeTeam>>;
let team: Team;
let other: Team;
const url = (suffix = "", t = team) => `/api/v1/accounts/${t.account.id}/planning/discount-codes${suffix}`;

const codeKeys = [
  "id",
  "name",
  "code",
  "discount_type",
  "value",
  "active",
  "valid_until",
  "max_redemptions",
  "redemptions_count",
  "created_at",
  "updated_at",
].sort();

type Code = { id: number; code: string };

const createCode = async (discount_code: Record<string, unknown>, t = team) => {
  const res = await api.post(url("", t), { token: t.admin.token, body: { discount_code } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Code;
};

const fieldsOf = (body: { errors: { field: string }[] }) => body.errors.map((e) => e.field).sort();

beforeAll(async () => {
  team = await makeTeam();
  other = await makeTeam();
});

describe("discount codes", () => {
  it("creates, shows, updates and deletes a code with exactly its fields", async () => {
    const created = await api.post(url(), {
      token: team.admin.token,
      body: {
        discount_code: {
          name: "Early bird",
          code: "  EARLY10 ",
          discount_type: "percentage",
          value: "10.50",
          valid_until: "2027-03-31",
          max_redemptions: 25,
        },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(Object.keys(created.body).sort()).toEqual(codeKeys);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: "Early bird",
      code: "EARLY10",
      discount_type: "percentage",
      value: 10.5,
      active: true,
      valid_until: "2027-03-31",
      max_redemptions: 25,
      redemptions_count: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(new Date(created.body.created_at).toISOString()).toBe(created.body.created_at);
    const id = created.body.id;

    const shown = await api.get(url(`/${id}`), { token: team.agent.token });
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual(created.body);

    const updated = await api.patch(url(`/${id}`), {
      token: team.admin.token,
      body: { discount_code: { discount_type: "fixed_amount", value: 250, active: false, valid_until: null, max_redemptions: null, redemptions_count: 7 } },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({
      name: "Early bird",
      code: "EARLY10",
      discount_type: "fixed_amount",
      value: 250,
      active: false,
      valid_until: null,
      max_redemptions: null,
      redemptions_count: 0,
    });
    expect(updated.body.updated_at > created.body.updated_at).toBe(true);

    const deleted = await api.delete(url(`/${id}`), { token: team.admin.token });
    expect(deleted.status).toBe(200);
    expect(deleted.text).toBe("");
    expect((await api.get(url(`/${id}`), { token: team.admin.token })).status).toBe(404);
    expect((await api.delete(url(`/${id}`), { token: team.admin.token })).status).toBe(404);
  });

  it("takes a bare body and lists a bare array ordered by code, ignoring case", async () => {
    const fresh = await makeTeam();
    const bare = await api.post(url("", fresh), { token: fresh.admin.token, body: { name: "Beta", code: "beta", discount_type: "fixed_amount", value: 5 } });
    expect(bare.status, JSON.stringify(bare.body)).toBe(200);
    const zulu = await createCode({ name: "Zulu", code: "ZULU", discount_type: "percentage", value: 100 }, fresh);
    const alpha = await createCode({ name: "Alpha", code: "Alpha", discount_type: "percentage", value: 0.0001 }, fresh);
    const list = await api.get(url("", fresh), { token: fresh.agent.token });
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body)).toBe(true);
    expect(list.body.map((c: Code) => c.id)).toEqual([alpha.id, bare.body.id, zulu.id]);
    for (const code of list.body) expect(Object.keys(code).sort()).toEqual(codeKeys);
    expect(list.body[0].value).toBe(0.0001);
  });

  it("names each invalid field with 422", async () => {
    const post = (discount_code: Record<string, unknown>) => api.post(url(), { token: team.admin.token, body: { discount_code } });
    const valid = { name: "Valid", code: "VALID", discount_type: "percentage", value: 10 };

    const missing = await post({ name: "Only a name" });
    expect(missing.status).toBe(422);
    expect(fieldsOf(missing.body)).toEqual(["code", "discount_type", "value"]);

    const cases: [Record<string, unknown>, string][] = [
      [{ code: "SUMMER 10" }, "code"],
      [{ code: "   " }, "code"],
      [{ code: "X".repeat(65) }, "code"],
      [{ discount_type: "bogo" }, "discount_type"],
      [{ value: 0 }, "value"],
      [{ value: "-5" }, "value"],
      [{ value: 100.01 }, "value"],
      [{ value: "10.12345" }, "value"],
      [{ value: "ten" }, "value"],
      [{ discount_type: "fixed_amount", value: 0 }, "value"],
      [{ valid_until: "2027-02-30" }, "valid_until"],
      [{ max_redemptions: 0 }, "max_redemptions"],
      [{ active: "sometimes" }, "active"],
      [{ name: "" }, "name"],
    ];
    for (const [change, field] of cases) {
      const res = await post({ ...valid, ...change });
      expect(res.status, `${JSON.stringify(change)} → ${JSON.stringify(res.body)}`).toBe(422);
      expect(fieldsOf(res.body), JSON.stringify(change)).toEqual([field]);
    }
    expect((await post({ ...valid, code: "BIG", discount_type: "fixed_amount", value: "1500.25" })).status).toBe(200);
    expect((await post({ ...valid, code: "ALL", value: 100 })).status).toBe(200);
  });

  it("checks the value against the type the code ends up with", async () => {
    const fixed = await createCode({ name: "Fixed", code: "FIXED250", discount_type: "fixed_amount", value: 250 });
    const toPercent = await api.patch(url(`/${fixed.id}`), { token: team.admin.token, body: { discount_code: { discount_type: "percentage" } } });
    expect(toPercent.status).toBe(422);
    expect(toPercent.body.errors).toEqual([expect.objectContaining({ field: "value", code: "invalid" })]);
    const both = await api.patch(url(`/${fixed.id}`), { token: team.admin.token, body: { discount_code: { discount_type: "percentage", value: 25 } } });
    expect(both.status).toBe(200);
    expect(both.body).toMatchObject({ discount_type: "percentage", value: 25 });
    const tooMuch = await api.patch(url(`/${fixed.id}`), { token: team.admin.token, body: { discount_code: { value: 101 } } });
    expect(tooMuch.status).toBe(422);
    expect(fieldsOf(tooMuch.body)).toEqual(["value"]);
  });

  it("keeps codes unique per account, ignoring case", async () => {
    const spring = await createCode({ name: "Spring", code: "Spring24", discount_type: "percentage", value: 5 });
    const clash = await api.post(url(), { token: team.admin.token, body: { discount_code: { name: "Copy", code: "SPRING24", discount_type: "percentage", value: 5 } } });
    expect(clash.status).toBe(422);
    expect(clash.body.errors).toEqual([expect.objectContaining({ field: "code", code: "taken" })]);

    const autumn = await createCode({ name: "Autumn", code: "AUTUMN", discount_type: "percentage", value: 5 });
    const renamed = await api.patch(url(`/${autumn.id}`), { token: team.admin.token, body: { discount_code: { code: "spring24" } } });
    expect(renamed.status).toBe(422);
    expect(renamed.body.errors[0]).toMatchObject({ field: "code", code: "taken" });
    // Its own code in another case is not a clash.
    const recased = await api.patch(url(`/${spring.id}`), { token: team.admin.token, body: { discount_code: { code: "SPRING24" } } });
    expect(recased.status).toBe(200);
    expect(recased.body.code).toBe("SPRING24");
    // Another account may use the same code.
    await createCode({ name: "Theirs", code: "spring24", discount_type: "percentage", value: 5 }, other);
  });

  it("loads codes by id for quotes, in the order asked, only from the account", async () => {
    const a = await createCode({ name: "A", code: "LOAD-A", discount_type: "percentage", value: 5 });
    const b = await createCode({ name: "B", code: "LOAD-B", discount_type: "fixed_amount", value: 20 });
    const theirs = await createCode({ name: "T", code: "LOAD-T", discount_type: "percentage", value: 5 }, other);
    const ctx = await accountCallerFromToken(getDb(), team.agent.token, team.account.id, (caller) => caller as UserCaller);
    const found = await findDiscountCodes(ctx, [b.id, theirs.id, a.id, 2_000_000_000]);
    expect(found.map((code) => code.id)).toEqual([b.id, a.id]);
    expect(found[0]).toMatchObject({ code: "LOAD-B", discountType: "fixed_amount", value: "20.0000" });
    expect(await findDiscountCodes(ctx, [])).toEqual([]);
  });

  it("answers 404 for another account's code", async () => {
    const theirs = await createCode({ name: "Their code", code: "THEIRS", discount_type: "percentage", value: 5 }, other);
    expect((await api.get(url(`/${theirs.id}`), { token: team.admin.token })).status).toBe(404);
    expect((await api.patch(url(`/${theirs.id}`), { token: team.admin.token, body: { discount_code: { name: "Ours" } } })).status).toBe(404);
    expect((await api.delete(url(`/${theirs.id}`), { token: team.admin.token })).status).toBe(404);
    expect((await api.get(url("/abc"), { token: team.admin.token })).status).toBe(404);
    const [row] = await getDb().select().from(discountCodes).where(eq(discountCodes.id, theirs.id));
    expect(row!.name).toBe("Their code");
    expect((await api.get(url(), { token: team.admin.token })).body.map((c: Code) => c.id)).not.toContain(theirs.id);
  });

  it("lets every member read but only quote_manage write; bots get 401", async () => {
    const code = await createCode({ name: "Guarded", code: "GUARDED", discount_type: "percentage", value: 5 });
    const token = team.agent.token;
    const body = { discount_code: { name: "Agent", code: "AGENT", discount_type: "percentage", value: 5 } };
    expect((await api.get(url(), { token })).status).toBe(200);
    expect((await api.get(url(`/${code.id}`), { token })).status).toBe(200);
    expect((await api.post(url(), { token, body })).status).toBe(403);
    expect((await api.patch(url(`/${code.id}`), { token, body: { discount_code: { name: "x" } } })).status).toBe(403);
    expect((await api.delete(url(`/${code.id}`), { token })).status).toBe(403);

    const planner = await makeMember(team.account.id, "agent");
    await getDb().update(accountUsers).set({ permissions: ["quote_manage"] }).where(eq(accountUsers.userId, planner.user.id));
    const made = await api.post(url(), { token: planner.token, body });
    expect(made.status).toBe(200);
    expect((await api.delete(url(`/${made.body.id}`), { token: planner.token })).status).toBe(200);

    const bot = await makeBot(team.account.id);
    expect((await api.get(url(), { token: bot.token })).status).toBe(401);
    expect((await api.post(url(), { token: bot.token, body })).status).toBe(401);
  });
});
