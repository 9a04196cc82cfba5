import Big from "big.js";
import { describe, expect, it } from "vitest";
import { type Clause, clauseFields, clauseOperators, clauseProblem, matchRule, type Plan, type Rate, type Rule, type RuleContext, selectPlan } from "@/lib/pricing/plans";

const makeRate = (overrides: Partial<Rate> = {}): Rate => ({
  id: 1,
  name: "Hall rate",
  unit: "hour",
  amount: "100",
  taxRate: "21",
  category: "space",
  spaceId: null,
  active: true,
  ...overrides,
});

const makeRule = (overrides: Partial<Rule> = {}): Rule => ({
  id: 1,
  name: "Rule",
  rateId: 1,
  priority: 0,
  active: true,
  isDefault: false,
  clauses: [],
  ...overrides,
});

const makePlan = (overrides: Partial<Plan> = {}): Plan => ({
  id: 1,
  name: "Plan",
  validFrom: null,
  validTo: null,
  repeatYearly: false,
  active: true,
  isDefault: false,
  rules: [],
  bundles: [],
  ...overrides,
});

/** Saturday 12 June 2027, 14:00–23:59 local, 80 guests. */
const context: RuleContext = {
  weekday: "sat",
  startTime: "14:00",
  endTime: "23:59",
  attendees: 80,
  durationHours: new Big("9.98"),
  spaceId: "hall",
  date: "2027-06-12",
  month: 6,
};

const rateMap = (...rates: Rate[]) => new Map(rates.map((rate) => [rate.id, rate]));

describe("clause fields and operators", () => {
  it("lists what DESIGN.md names", () => {
    expect(clauseFields).toEqual(["weekday", "start_time", "end_time", "attendees", "duration_hours", "space_id", "date", "month"]);
    expect(clauseOperators).toEqual(["eq", "in", "gte", "lte", "between"]);
  });
});

describe("clauseProblem", () => {
  it.each<[string, string, unknown]>([
    ["weekday", "eq", "mon"],
    ["weekday", "in", ["sat", "sun"]],
    ["weekday", "between", ["mon", "fri"]],
    ["weekday", "between", ["wed", "wed"]],
    ["start_time", "gte", "18:00"],
    ["start_time", "lte", "00:00"],
    ["end_time", "lte", "24:00"],
    ["end_time", "between", ["17:00", "23:59"]],
    ["attendees", "gte", 0],
    ["attendees", "between", [10, 50]],
    ["attendees", "in", [10, 20, 30]],
    ["duration_hours", "lte", 4.5],
    ["duration_hours", "eq", 0],
    ["space_id", "eq", "7f0c1c9e-5a1e-4d7e-9a55-2d7c9b1f0a11"],
    ["space_id", "in", ["a", "b"]],
    ["date", "eq", "2027-12-31"],
    ["date", "between", ["2027-06-01", "2027-08-31"]],
    ["date", "gte", "2024-02-29"],
    ["month", "in", [6, 7, 8]],
    ["month", "between", [1, 12]],
  ])("accepts %s %s %j", (field, operator, value) => {
    expect(clauseProblem({ field, operator, value })).toBeNull();
  });

  it.each<[string, unknown, unknown, unknown, "field" | "operator" | "value"]>([
    ["an unknown field", "colour", "eq", "red", "field"],
    ["a missing field", undefined, "eq", "mon", "field"],
    ["an unknown operator", "weekday", "ne", "mon", "operator"],
    ["a missing operator", "weekday", undefined, "mon", "operator"],
    ["an ordering on space_id", "space_id", "gte", "a", "operator"],
    ["a range of space ids", "space_id", "between", ["a", "b"], "operator"],
    ["a long weekday name", "weekday", "eq", "monday", "value"],
    ["a capitalised weekday", "weekday", "eq", "Mon", "value"],
    ["an unpadded time", "start_time", "eq", "9:00", "value"],
    ["an hour past 24", "end_time", "lte", "25:00", "value"],
    ["a time with seconds", "start_time", "gte", "09:00:00", "value"],
    ["negative attendees", "attendees", "gte", -1, "value"],
    ["attendees as a string", "attendees", "gte", "10", "value"],
    ["infinite attendees", "attendees", "lte", Infinity, "value"],
    ["negative hours", "duration_hours", "gte", -0.5, "value"],
    ["month 0", "month", "eq", 0, "value"],
    ["month 13", "month", "eq", 13, "value"],
    ["a fractional month", "month", "eq", 6.5, "value"],
    ["a date that does not exist", "date", "eq", "2027-02-30", "value"],
    ["an unpadded date", "date", "eq", "2027-6-1", "value"],
    ["an empty list", "weekday", "in", [], "value"],
    ["a scalar for in", "weekday", "in", "sat", "value"],
    ["a bad list item", "weekday", "in", ["sat", "funday"], "value"],
    ["a range ending before it starts", "weekday", "between", ["fri", "mon"], "value"],
    ["a range of one", "month", "between", [3], "value"],
    ["a range of three", "month", "between", [1, 2, 3], "value"],
    ["a scalar for between", "start_time", "between", "09:00", "value"],
    ["a reversed time range", "start_time", "between", ["18:00", "09:00"], "value"],
    ["a reversed date range", "date", "between", ["2027-12-31", "2027-01-01"], "value"],
    ["a list for eq", "weekday", "eq", ["sat"], "value"],
    ["a list for gte", "attendees", "gte", [10], "value"],
    ["null", "month", "eq", null, "value"],
    ["no value", "month", "lte", undefined, "value"],
  ])("names the %s", (_label, field, operator, value, part) => {
    expect(clauseProblem({ field, operator, value })?.field).toBe(part);
  });

  it("says which list item is wrong", () => {
    expect(clauseProblem({ field: "weekday", operator: "in", value: ["sat", "funday"] })?.message).toBe("item 1 must be a weekday (mon..sun)");
  });
});

describe("matchRule: each field and operator against Sat 12 Jun 2027, 14:00–23:59, 80 guests, 9.98 h, hall", () => {
  it.each<[Clause["field"], Clause["operator"], unknown, boolean]>([
    ["weekday", "eq", "sat", true],
    ["weekday", "eq", "sun", false],
    ["weekday", "in", ["fri", "sat"], true],
    ["weekday", "in", ["mon"], false],
    ["weekday", "gte", "fri", true],
    ["weekday", "gte", "sun", false],
    ["weekday", "lte", "sat", true],
    ["weekday", "lte", "fri", false],
    ["weekday", "between", ["mon", "fri"], false],
    ["weekday", "between", ["fri", "sun"], true],
    ["start_time", "eq", "14:00", true],
    ["start_time", "eq", "14:01", false],
    ["start_time", "in", ["09:00", "14:00"], true],
    ["start_time", "gte", "14:00", true],
    ["start_time", "gte", "14:01", false],
    ["start_time", "lte", "13:59", false],
    ["start_time", "lte", "14:00", true],
    ["start_time", "between", ["12:00", "17:00"], true],
    ["start_time", "between", ["17:00", "23:00"], false],
    ["end_time", "eq", "23:59", true],
    ["end_time", "in", ["22:00", "23:00"], false],
    ["end_time", "gte", "18:00", true],
    ["end_time", "lte", "23:00", false],
    ["end_time", "lte", "24:00", true],
    ["end_time", "between", ["18:00", "24:00"], true],
    ["attendees", "eq", 80, true],
    ["attendees", "eq", 79, false],
    ["attendees", "in", [50, 80], true],
    ["attendees", "gte", 80, true],
    ["attendees", "gte", 81, false],
    ["attendees", "gte", 79.5, true],
    ["attendees", "lte", 79, false],
    ["attendees", "lte", 100, true],
    ["attendees", "between", [50, 100], true],
    ["attendees", "between", [81, 200], false],
    ["duration_hours", "eq", 9.98, true],
    ["duration_hours", "in", [4, 8], false],
    ["duration_hours", "gte", 8, true],
    ["duration_hours", "gte", 10, false],
    ["duration_hours", "lte", 9.98, true],
    ["duration_hours", "lte", 9.97, false],
    ["duration_hours", "between", [4, 10], true],
    ["space_id", "eq", "hall", true],
    ["space_id", "eq", "room", false],
    ["space_id", "in", ["room", "hall"], true],
    ["space_id", "in", ["room"], false],
    ["date", "eq", "2027-06-12", true],
    ["date", "eq", "2027-06-13", false],
    ["date", "in", ["2027-06-11", "2027-06-12"], true],
    ["date", "gte", "2027-06-12", true],
    ["date", "gte", "2027-06-13", false],
    ["date", "lte", "2027-06-11", false],
    ["date", "between", ["2027-06-01", "2027-06-30"], true],
    ["date", "between", ["2027-07-01", "2027-07-31"], false],
    ["month", "eq", 6, true],
    ["month", "eq", 7, false],
    ["month", "in", [6, 7, 8], true],
    ["month", "gte", 6, true],
    ["month", "gte", 7, false],
    ["month", "lte", 5, false],
    ["month", "between", [5, 9], true],
    ["month", "between", [9, 12], false],
  ])("%s %s %j → %s", (field, operator, value, holds) => {
    const rule = makeRule({ clauses: [{ field, operator, value }] });
    const match = matchRule(makePlan({ rules: [rule] }), rateMap(makeRate()), context);
    expect(match !== null).toBe(holds);
  });

  it.each<[Clause["operator"], unknown]>([
    ["eq", 0],
    ["gte", 0],
    ["lte", 1000],
    ["between", [0, 1000]],
    ["in", [0, 80]],
  ])("an attendees clause (%s %j) never holds when the event has no attendee count", (operator, value) => {
    const rule = makeRule({ clauses: [{ field: "attendees", operator, value }] });
    expect(matchRule(makePlan({ rules: [rule] }), rateMap(makeRate()), { ...context, attendees: null })).toBeNull();
  });

  it("needs every clause of a rule to hold", () => {
    const both = (month: number) =>
      makeRule({
        clauses: [
          { field: "weekday", operator: "in", value: ["sat", "sun"] },
          { field: "month", operator: "eq", value: month },
        ],
      });
    expect(matchRule(makePlan({ rules: [both(6)] }), rateMap(makeRate()), context)).not.toBeNull();
    expect(matchRule(makePlan({ rules: [both(7)] }), rateMap(makeRate()), context)).toBeNull();
  });

  it("skips a malformed clause that was stored anyway", () => {
    const rule = makeRule({ clauses: [{ field: "weekday", operator: "eq", value: "saturday" }] });
    expect(matchRule(makePlan({ rules: [rule] }), rateMap(makeRate()), context)).toBeNull();
  });

  it("matches a rule without clauses", () => {
    expect(matchRule(makePlan({ rules: [makeRule()] }), rateMap(makeRate()), context)?.rule.id).toBe(1);
  });
});

describe("matchRule: which rule wins", () => {
  const saturday: Clause = { field: "weekday", operator: "eq", value: "sat" };
  const monday: Clause = { field: "weekday", operator: "eq", value: "mon" };
  const rates = rateMap(
    makeRate({ id: 1, name: "A" }),
    makeRate({ id: 2, name: "B" }),
    makeRate({ id: 3, name: "Room only", spaceId: "room" }),
    makeRate({ id: 4, name: "Hall only", spaceId: "hall" }),
    makeRate({ id: 5, name: "Retired", active: false }),
  );

  it.each<[string, Rule[], number | null]>([
    ["lowest priority number first", [makeRule({ id: 1, priority: 10, rateId: 1, clauses: [saturday] }), makeRule({ id: 2, priority: 5, rateId: 2, clauses: [saturday] })], 2],
    ["equal priority: lowest id first", [makeRule({ id: 3, priority: 5, rateId: 1 }), makeRule({ id: 2, priority: 5, rateId: 2 })], 2],
    ["an inactive rule is skipped", [makeRule({ id: 1, priority: 1, active: false }), makeRule({ id: 2, priority: 2, rateId: 2 })], 2],
    ["a rule whose clauses fail is skipped", [makeRule({ id: 1, priority: 1, clauses: [monday] }), makeRule({ id: 2, priority: 2, rateId: 2, clauses: [saturday] })], 2],
    ["a rate for another space is skipped", [makeRule({ id: 1, priority: 1, rateId: 3 }), makeRule({ id: 2, priority: 2, rateId: 2 })], 2],
    ["a rate for this space fits", [makeRule({ id: 1, priority: 1, rateId: 4 }), makeRule({ id: 2, priority: 2, rateId: 2 })], 1],
    ["an inactive rate is skipped", [makeRule({ id: 1, priority: 1, rateId: 5 }), makeRule({ id: 2, priority: 2, rateId: 2 })], 2],
    ["a missing rate is skipped", [makeRule({ id: 1, priority: 1, rateId: 99 }), makeRule({ id: 2, priority: 2, rateId: 2 })], 2],
    ["a default rule whose clauses hold competes in priority order", [makeRule({ id: 1, priority: 0, isDefault: true }), makeRule({ id: 2, priority: 5, rateId: 2, clauses: [saturday] })], 1],
    ["the default rule is the fallback, whatever its clauses", [makeRule({ id: 1, priority: 0, clauses: [monday] }), makeRule({ id: 2, priority: 9, rateId: 2, isDefault: true, clauses: [monday] })], 2],
    ["an inactive default rule is no fallback", [makeRule({ id: 1, clauses: [monday] }), makeRule({ id: 2, rateId: 2, isDefault: true, active: false })], null],
    ["the fallback's rate must fit the space", [makeRule({ id: 1, isDefault: true, rateId: 3, clauses: [monday] }), makeRule({ id: 2, isDefault: true, rateId: 2, priority: 4, clauses: [monday] })], 2],
    ["no fallback whose rate fits: no match", [makeRule({ id: 1, isDefault: true, rateId: 3, clauses: [monday] }), makeRule({ id: 2, rateId: 5 })], null],
    ["no rules: no match", [], null],
  ])("%s", (_label, rules, expected) => {
    const match = matchRule(makePlan({ rules }), rates, context);
    expect(match?.rule.id ?? null).toBe(expected);
    if (match) expect(match.rate.id).toBe(match.rule.rateId);
  });
});

describe("selectPlan", () => {
  const plans: Plan[] = [
    makePlan({ id: 1, name: "Standard", isDefault: true }),
    makePlan({ id: 2, name: "Summer 2027", validFrom: "2027-06-01", validTo: "2027-08-31" }),
    makePlan({ id: 3, name: "June special", validFrom: "2027-06-10", validTo: "2027-06-20" }),
    makePlan({ id: 4, name: "Christmas", validFrom: "2020-12-01", validTo: "2021-02-28", repeatYearly: true }),
    makePlan({ id: 5, name: "Old prices", validFrom: "2026-01-01", validTo: "2026-12-31", active: false }),
    makePlan({ id: 6, name: "2028 onwards", validFrom: "2028-01-01" }),
    makePlan({ id: 7, name: "Until May 2026", validTo: "2026-05-31" }),
  ];

  it.each([
    ["2027-06-05", 2, "a dated plan beats the open default"],
    ["2027-06-15", 3, "the latest valid_from wins"],
    ["2027-06-10", 3, "valid_from is inclusive"],
    ["2027-06-20", 3, "valid_to is inclusive"],
    ["2027-06-21", 2, "the day after valid_to"],
    ["2027-05-31", 1, "the day before valid_from"],
    ["2027-12-15", 4, "a yearly plan in this year's window"],
    ["2027-01-15", 4, "a yearly plan wrapping the new year, after 1 January"],
    ["2027-02-28", 4, "the yearly plan's last day"],
    ["2027-03-01", 1, "the day after the yearly window"],
    ["2027-11-30", 1, "the day before the yearly window"],
    ["2028-01-15", 6, "a plan starting 2028-01-01 beats a yearly window that started 2027-12-01"],
    ["2028-12-24", 4, "a yearly window starting 2028-12-01 beats a plan starting 2028-01-01"],
    ["2028-02-29", 6, "a leap day lies after a window ending on 28 February"],
    ["2026-06-01", 1, "an inactive plan is ignored"],
    ["2026-05-31", 7, "two open starts: the highest id wins"],
  ])("%s → plan %i (%s)", (date, expected) => {
    expect(selectPlan(plans, date, null)?.id).toBe(expected);
    expect(selectPlan([...plans].reverse(), date, null)?.id).toBe(expected);
  });

  it("uses the event's plan even when it is inactive or out of its dates", () => {
    expect(selectPlan(plans, "2027-06-15", 5)?.id).toBe(5);
    expect(selectPlan(plans, "2027-06-15", 2)?.id).toBe(2);
  });

  it("falls back to the date's plan when the event's plan is gone", () => {
    expect(selectPlan(plans, "2027-06-15", 999)?.id).toBe(3);
  });

  it.each<[string, Plan[], string, number | null]>([
    ["nothing covers the date and there is no default", [makePlan({ id: 2, validFrom: "2027-06-01", validTo: "2027-06-30" })], "2027-07-01", null],
    ["the default plan is inactive", [makePlan({ id: 1, isDefault: true, active: false })], "2027-07-01", null],
    ["the default plan outside its own dates is still the fallback", [makePlan({ id: 1, isDefault: true, validFrom: "2027-01-01", validTo: "2027-12-31" })], "2030-05-01", 1],
    ["a yearly plan without valid_to runs to 31 December", [makePlan({ id: 2, repeatYearly: true, validFrom: "2020-11-01" })], "2031-12-31", 2],
    ["a yearly plan without valid_to does not wrap", [makePlan({ id: 2, repeatYearly: true, validFrom: "2020-11-01" })], "2031-01-10", null],
    ["a yearly plan without valid_from starts on 1 January", [makePlan({ id: 2, repeatYearly: true, validTo: "2020-03-31" })], "2031-01-01", 2],
    ["a yearly summer plan in a later year", [makePlan({ id: 2, repeatYearly: true, validFrom: "2024-06-01", validTo: "2024-08-31" })], "2031-07-04", 2],
    ["a yearly plan applies before its first year too", [makePlan({ id: 2, repeatYearly: true, validFrom: "2030-06-01", validTo: "2030-08-31" })], "2027-07-04", 2],
    ["a one-day plan", [makePlan({ id: 2, validFrom: "2027-07-04", validTo: "2027-07-04" })], "2027-07-04", 2],
    ["equal valid_from: the highest id", [makePlan({ id: 8, validFrom: "2027-01-01" }), makePlan({ id: 9, validFrom: "2027-01-01" })], "2027-07-04", 9],
  ])("%s", (_label, list, date, expected) => {
    expect(selectPlan(list, date, null)?.id ?? null).toBe(expected);
  });
});
