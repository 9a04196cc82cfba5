import { describe, expect, it } from "vitest";
import { clauseErrorKey, draftOf, planRefusal, ruleErrorKey, type StoredPlan } from "@/components/settings/pricing/plan-state";
import type { Refusal } from "@/lib/portal/outcome";

/*
 * The pricing plan editor saves through savePricingPlanAction and gets the refusal as data; it
 * decides itself which errors go beside its inputs and which only the message can carry.
 */

const plan: StoredPlan = {
  name: "Standard prices",
  valid_from: null,
  valid_to: null,
  repeat_yearly: false,
  active: true,
  is_default: true,
  pricing_rules: [
    { name: "Weekend evenings", rate_id: 1, priority: 1, active: true, is_default: false, clauses: [{ field: "weekday", operator: "in", value: ["fri", "sat"] }] },
  ],
  bundles: [{ key: "drinks", name: "Welcome drinks", unit: "person", amount: 12.5, tax_rate: 21, category: "catering", description: null }],
};
const sent = draftOf(plan);
const rule = sent.rules[0]!;

const refusal = (errors: Record<string, string>, message = "Validation failed", code = "invalid"): Refusal => ({ ok: false, code, message, errors, conflicts: [] });

describe("planRefusal", () => {
  it("puts errors on the rule and condition they name and points the message at them", () => {
    const { state, errors } = planRefusal(refusal({ "pricing_rules.0.rate_id": "Is not a rate of this account", "pricing_rules.0.clauses.0.value": "Must be a list" }), sent);
    expect(state).toMatchObject({ status: "error", message: "Please correct the highlighted fields." });
    expect(errors).toEqual({
      [ruleErrorKey(rule.key, "rate_id")]: "Is not a rate of this account",
      [clauseErrorKey(rule.key, rule.clauses[0]!.key, "value")]: "Must be a list",
    });
  });

  it("keeps plan fields under their own names", () => {
    expect(planRefusal(refusal({ name: "Can't be blank" }), sent).errors).toEqual({ name: "Can't be blank" });
  });

  it("says in the message what no input of the editor can show", () => {
    const { state, errors } = planRefusal(refusal({ name: "Can't be blank", experience_id: "Is not an experience" }, "Name can't be blank"), sent);
    expect(state.message).toBe("Name can't be blank");
    expect(errors).toEqual({ name: "Can't be blank" });
  });

  it("treats an error on a rule that was not sent as one the editor cannot show", () => {
    const { state, errors } = planRefusal(refusal({ "pricing_rules.4.name": "Can't be blank" }, "Pricing rules name can't be blank"), sent);
    expect(state.message).toBe("Pricing rules name can't be blank");
    expect(errors).toEqual({});
  });

  it("shows a refusal without field errors by its message", () => {
    const { state } = planRefusal(refusal({}, "Another plan is already the default", "conflict"), sent);
    expect(state).toEqual({ status: "error", message: "Another plan is already the default", errors: {} });
  });
});
