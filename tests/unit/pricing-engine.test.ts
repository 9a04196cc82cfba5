import { describe, expect, it } from "vitest";
import { instantAt } from "@/lib/planning/time";
import { type Breakdown, type ExtraLine, type PricedAllocation, PricingInputError, type PricingInput, priceQuote } from "@/lib/pricing/engine";
import type { Clause, Plan, Rate, RateUnit, Rule } from "@/lib/pricing/plans";

const AMS = "Europe/Amsterdam";
const NY = "America/New_York";
const TOKYO = "Asia/Tokyo";
const BAHRAIN = "Asia/Bahrain";

/** An instant from a local wall time: at("2027-06-12 14:00", AMS). */
const at = (local: string, timeZone: string): Date => {
  const [date, time] = local.split(" ") as [string, string];
  const instant = instantAt(date, Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)), timeZone);
  if (!instant) throw new Error(`No such local time: ${local} ${timeZone}`);
  return instant;
};

const allocation = (id: string, from: string, to: string, overrides: Partial<PricedAllocation> = {}): PricedAllocation => {
  const timezone = overrides.timezone ?? AMS;
  return { id, spaceId: "hall", spaceName: "Grand Hall", timezone, startAt: at(from, timezone), endAt: at(to, timezone), ...overrides };
};

const makeRate = (overrides: Partial<Rate> = {}): Rate => ({
  id: 1,
  name: "Hall hire",
  unit: "hour",
  amount: "100.00",
  taxRate: "21.000",
  category: "space",
  spaceId: null,
  active: true,
  ...overrides,
});

const makeRule = (overrides: Partial<Rule> = {}): Rule => ({ id: 1, name: "Rule", rateId: 1, priority: 0, active: true, isDefault: false, clauses: [], ...overrides });

const makePlan = (overrides: Partial<Plan> = {}): Plan => ({
  id: 1,
  name: "Standard",
  validFrom: null,
  validTo: null,
  repeatYearly: false,
  active: true,
  isDefault: true,
  rules: [],
  bundles: [],
  ...overrides,
});

/** One default plan whose default rule prices everything with `rate`. */
const flat = (rate: Partial<Rate> = {}) => ({ plans: [makePlan({ rules: [makeRule({ isDefault: true })] })], rates: [makeRate(rate)] });

const makeInput = (overrides: Partial<PricingInput> = {}): PricingInput => ({
  currency: "EUR",
  attendees: 80,
  allocations: [],
  plans: [],
  eventPlanId: null,
  rates: [],
  overrides: { lines: [], additionalLines: [], optionalLines: [] },
  selectedOptionalKeys: [],
  discounts: [],
  ...overrides,
});

const extras = (additionalLines: ExtraLine[] = [], optionalLines: ExtraLine[] = [], lines: PricingInput["overrides"]["lines"] = []) => ({
  lines,
  additionalLines,
  optionalLines,
});

const extra = (name: string, quantity: string | number, unitPrice: string | number, taxRate: string | number = 21, more: Partial<ExtraLine> = {}): ExtraLine => ({
  name,
  quantity,
  unitPrice,
  taxRate,
  ...more,
});

/** Every money and quantity string in a breakdown, to check none is negative. */
const allStrings = (breakdown: Breakdown): string[] => JSON.stringify(breakdown).match(/"-?\d+(\.\d+)?"/g) ?? [];

describe("quantity by unit", () => {
  it.each<[string, RateUnit, string, string, number | null, string, string]>([
    ["hours", "hour", "2027-06-12 14:00", "2027-06-12 16:30", 80, "2.5", "250.00"],
    ["hours to 2 decimals (1 h 20 min)", "hour", "2027-06-12 09:00", "2027-06-12 10:20", 80, "1.33", "133.00"],
    ["hours rounding up (40 min)", "hour", "2027-06-12 09:00", "2027-06-12 09:40", 80, "0.67", "67.00"],
    ["hours on the spring-forward day (23 h)", "hour", "2026-03-29 00:00", "2026-03-30 00:00", 80, "23", "2300.00"],
    ["hours on the fall-back day (25 h)", "hour", "2026-10-25 00:00", "2026-10-26 00:00", 80, "25", "2500.00"],
    ["one day", "day", "2027-06-12 14:00", "2027-06-12 23:59", 80, "1", "100.00"],
    ["one day ending at midnight", "day", "2027-06-12 18:00", "2027-06-13 00:00", 80, "1", "100.00"],
    ["two days overnight", "day", "2027-06-12 20:00", "2027-06-13 02:00", 80, "2", "200.00"],
    ["three days Friday to Sunday", "day", "2027-06-11 09:00", "2027-06-13 17:00", 80, "3", "300.00"],
    ["a full day to the next morning", "day", "2027-06-11 09:00", "2027-06-12 09:00", 80, "2", "200.00"],
    ["one day across a DST change", "day", "2026-03-29 00:00", "2026-03-30 00:00", 80, "1", "100.00"],
    ["people", "person", "2027-06-12 14:00", "2027-06-12 16:30", 80, "80", "8000.00"],
    ["people × hours", "person_hour", "2027-06-12 14:00", "2027-06-12 16:30", 80, "200", "20000.00"],
    ["people × rounded hours", "person_hour", "2027-06-12 09:00", "2027-06-12 10:20", 3, "3.99", "399.00"],
    ["zero people", "person", "2027-06-12 14:00", "2027-06-12 16:30", 0, "0", "0.00"],
    ["fixed", "fixed", "2027-06-12 14:00", "2027-06-14 16:30", 80, "1", "100.00"],
  ])("%s", (_label, unit, from, to, attendees, quantity, net) => {
    const result = priceQuote(makeInput({ ...flat({ unit }), attendees, allocations: [allocation("a", from, to)] }));
    expect(result.lines).toHaveLength(1);
    expect(result.lines[0]).toMatchObject({ quantity, unit, unitPrice: "100.00", net });
    expect(result.warnings).toEqual([]);
  });

  it.each([
    // 1 h 0 min 18 s is 1.005 h: half away from zero.
    ["2027-06-12T07:00:00.000Z", "2027-06-12T08:00:18.000Z", "1.01"],
    ["2027-06-12T07:00:00.000Z", "2027-06-12T08:00:17.999Z", "1"],
    ["2027-06-12T07:00:00.000Z", "2027-06-12T07:00:17.999Z", "0"],
    ["2027-06-12T07:00:00.000Z", "2027-06-12T07:00:18.000Z", "0.01"],
  ])("hours from %s to %s → %s", (start, end, quantity) => {
    const result = priceQuote(
      makeInput({ ...flat({ unit: "hour" }), allocations: [{ ...allocation("a", "2027-06-12 09:00", "2027-06-12 10:00"), startAt: new Date(start), endAt: new Date(end) }] }),
    );
    expect(result.lines[0]?.quantity).toBe(quantity);
  });

  it.each([
    // 22:30–23:30 UTC on Friday 11 June is Saturday 00:30–01:30 in Amsterdam.
    ["Amsterdam after local midnight", AMS, "2027-06-11T22:30:00Z", "2027-06-11T23:30:00Z", "1"],
    // 18:00–22:00 in New York is 22:00–02:00 UTC: two UTC dates, one local one.
    ["New York evening", NY, "2027-06-12T22:00:00Z", "2027-06-13T02:00:00Z", "1"],
    ["Tokyo morning crossing UTC midnight", TOKYO, "2027-06-11T23:00:00Z", "2027-06-12T03:00:00Z", "1"],
    ["Amsterdam night crossing local midnight", AMS, "2027-06-11T21:30:00Z", "2027-06-11T22:30:00Z", "2"],
  ])("counts days in the space's time zone: %s", (_label, timezone, start, end, quantity) => {
    const result = priceQuote(
      makeInput({ ...flat({ unit: "day" }), allocations: [{ ...allocation("a", "2027-06-12 09:00", "2027-06-12 10:00"), timezone, startAt: new Date(start), endAt: new Date(end) }] }),
    );
    expect(result.lines[0]?.quantity).toBe(quantity);
  });

  it.each<RateUnit>(["person", "person_hour"])("prices %s as 0 with a warning when the event has no attendee count", (unit) => {
    const result = priceQuote(makeInput({ ...flat({ unit }), attendees: null, allocations: [allocation("a", "2027-06-12 14:00", "2027-06-12 16:30")] }));
    expect(result.lines[0]).toMatchObject({ quantity: "0", net: "0.00", total: "0.00" });
    expect(result.warnings).toEqual([
      {
        code: "no_attendees",
        message: "Grand Hall — Hall hire, Sat 12 Jun 2027, 14:00–16:30: the event has no attendee count, so the quantity is 0",
        allocationId: "a",
      },
    ]);
  });

  it("gives no attendee warning when the planner set the quantity", () => {
    const result = priceQuote(
      makeInput({
        ...flat({ unit: "person" }),
        attendees: null,
        allocations: [allocation("a", "2027-06-12 14:00", "2027-06-12 16:30")],
        overrides: extras([], [], [{ key: "allocation:a", quantity: 40 }]),
      }),
    );
    expect(result.lines[0]).toMatchObject({ quantity: "40", net: "4000.00" });
    expect(result.warnings).toEqual([]);
  });

  it.each<RateUnit>(["hour", "day", "fixed"])("needs no attendee count for %s", (unit) => {
    const result = priceQuote(makeInput({ ...flat({ unit }), attendees: null, allocations: [allocation("a", "2027-06-12 14:00", "2027-06-12 16:30")] }));
    expect(result.warnings).toEqual([]);
  });
});

describe("line names", () => {
  it.each([
    ["the same day", "2027-06-12 14:00", "2027-06-12 23:59", AMS, "Grand Hall — Hall hire, Sat 12 Jun 2027, 14:00–23:59"],
    ["to midnight", "2027-06-12 18:00", "2027-06-13 00:00", AMS, "Grand Hall — Hall hire, Sat 12 Jun 2027, 18:00–24:00"],
    ["overnight", "2027-06-12 20:00", "2027-06-13 02:00", AMS, "Grand Hall — Hall hire, Sat 12 Jun 2027, 20:00 – Sun 13 Jun 2027, 02:00"],
    ["in the space's zone", "2027-01-04 08:05", "2027-01-04 09:00", NY, "Grand Hall — Hall hire, Mon 4 Jan 2027, 08:05–09:00"],
  ])("%s", (_label, from, to, timezone, name) => {
    const result = priceQuote(makeInput({ ...flat(), allocations: [allocation("a", from, to, { timezone })] }));
    expect(result.lines[0]?.name).toBe(name);
  });
});

describe("rule context from the space's time zone", () => {
  const rates = [makeRate({ id: 1, name: "Sunday rate", amount: "100" }), makeRate({ id: 2, name: "Monday rate", amount: "200" }), makeRate({ id: 3, name: "Other", amount: "1" })];
  const byWeekday = makePlan({
    rules: [
      makeRule({ id: 1, rateId: 1, clauses: [{ field: "weekday", operator: "eq", value: "sun" }] }),
      makeRule({ id: 2, rateId: 2, clauses: [{ field: "weekday", operator: "eq", value: "mon" }] }),
      makeRule({ id: 3, rateId: 3, priority: 9, isDefault: true }),
    ],
  });

  it.each([
    // Spring forward on Sunday 29 March 2026 (CET → CEST).
    ["Sunday 00:30 CET is still Saturday in UTC", "2026-03-28T23:30:00Z", "2026-03-29T00:30:00Z", "Sunday rate"],
    ["Sunday 03:30 CEST, just after the jump", "2026-03-29T01:30:00Z", "2026-03-29T02:30:00Z", "Sunday rate"],
    ["Monday 00:30 CEST is still Sunday in UTC", "2026-03-29T22:30:00Z", "2026-03-29T23:30:00Z", "Monday rate"],
    // Fall back on Sunday 25 October 2026: 02:30 happens twice.
    ["Sunday 02:30 CEST, the first pass", "2026-10-25T00:30:00Z", "2026-10-25T01:00:00Z", "Sunday rate"],
    ["Monday 00:30 CET is still Sunday in UTC", "2026-10-25T23:30:00Z", "2026-10-26T00:30:00Z", "Monday rate"],
    ["Saturday falls to the default rule", "2026-10-24T08:00:00Z", "2026-10-24T09:00:00Z", "Other"],
  ])("weekday in a DST week: %s", (_label, start, end, rateName) => {
    const base = allocation("a", "2026-03-29 09:00", "2026-03-29 10:00");
    const result = priceQuote(makeInput({ plans: [byWeekday], rates, allocations: [{ ...base, startAt: new Date(start), endAt: new Date(end) }] }));
    expect(result.lines[0]?.name).toContain(`— ${rateName},`);
  });

  const single = (clause: Clause) =>
    makePlan({ rules: [makeRule({ id: 1, rateId: 1, clauses: [clause] }), makeRule({ id: 2, rateId: 3, priority: 9, isDefault: true })] });

  it.each<[string, Clause, PricedAllocation, boolean]>([
    // 10:00 in New York is 14:00 UTC: a morning rule must see 10:00.
    ["start_time is local", { field: "start_time", operator: "lte", value: "12:00" }, allocation("a", "2027-06-12 10:00", "2027-06-12 12:00", { timezone: NY }), true],
    ["start_time is local (evening)", { field: "start_time", operator: "gte", value: "18:00" }, allocation("a", "2027-06-12 10:00", "2027-06-12 12:00", { timezone: NY }), false],
    ["end_time is local", { field: "end_time", operator: "lte", value: "12:00" }, allocation("a", "2027-06-12 10:00", "2027-06-12 12:00", { timezone: NY }), true],
    ["an overnight booking ends after 23:00", { field: "end_time", operator: "lte", value: "23:00" }, allocation("a", "2027-06-12 20:00", "2027-06-13 02:00"), false],
    ["an overnight booking ends at 24:00 or later", { field: "end_time", operator: "gte", value: "22:00" }, allocation("a", "2027-06-12 20:00", "2027-06-13 02:00"), true],
    // 00:30 on 1 July in Amsterdam is 22:30 UTC on 30 June.
    ["month is the local start's", { field: "month", operator: "eq", value: 7 }, allocation("a", "2027-07-01 00:30", "2027-07-01 02:00"), true],
    ["date is the local start's", { field: "date", operator: "eq", value: "2027-07-01" }, allocation("a", "2027-07-01 00:30", "2027-07-01 02:00"), true],
    ["duration_hours is the rounded hour count", { field: "duration_hours", operator: "eq", value: 1.33 }, allocation("a", "2027-06-12 09:00", "2027-06-12 10:20"), true],
    ["duration_hours below a threshold", { field: "duration_hours", operator: "gte", value: 4 }, allocation("a", "2027-06-12 09:00", "2027-06-12 12:59"), false],
    ["space_id is the allocation's", { field: "space_id", operator: "eq", value: "library" }, allocation("a", "2027-06-12 09:00", "2027-06-12 10:00", { spaceId: "library" }), true],
    ["attendees is the event's", { field: "attendees", operator: "between", value: [50, 100] }, allocation("a", "2027-06-12 09:00", "2027-06-12 10:00"), true],
  ])("%s", (_label, clause, priced, specific) => {
    const result = priceQuote(makeInput({ plans: [single(clause)], rates, allocations: [priced] }));
    expect(result.lines[0]?.name).toContain(specific ? "— Sunday rate," : "— Other,");
  });
});

describe("plans per allocation", () => {
  const rates = [makeRate({ id: 1, name: "Standard hour", amount: "100" }), makeRate({ id: 2, name: "Summer hour", amount: "80" }), makeRate({ id: 3, name: "Event plan hour", amount: "150" })];
  const plans = [
    makePlan({ id: 1, name: "Standard", rules: [makeRule({ rateId: 1, isDefault: true })] }),
    makePlan({ id: 2, name: "Summer 2027", isDefault: false, validFrom: "2027-06-01", validTo: "2027-08-31", rules: [makeRule({ rateId: 2, isDefault: true })] }),
    makePlan({ id: 3, name: "Corporate", isDefault: false, active: false, rules: [makeRule({ rateId: 3, isDefault: true })] }),
  ];
  const may = allocation("may", "2027-05-31 22:00", "2027-05-31 23:00");
  // 00:30 on 1 June in Amsterdam is still 31 May in UTC.
  const june = allocation("june", "2027-06-01 00:30", "2027-06-01 01:30");

  it("prices each allocation by the plan of its local start date and orders lines by start", () => {
    const result = priceQuote(makeInput({ plans, rates, allocations: [june, may] }));
    expect(result.lines.map((line) => [line.key, line.unitPrice])).toEqual([
      ["allocation:may", "100.00"],
      ["allocation:june", "80.00"],
    ]);
    expect([result.planId, result.planName]).toEqual([1, "Standard"]);
  });

  it("uses the event's plan for every allocation, even an inactive one", () => {
    const result = priceQuote(makeInput({ plans, rates, allocations: [june, may], eventPlanId: 3 }));
    expect(result.lines.map((line) => line.unitPrice)).toEqual(["150.00", "150.00"]);
    expect([result.planId, result.planName]).toEqual([3, "Corporate"]);
  });

  it("names the event's plan when there is nothing to price yet", () => {
    expect(priceQuote(makeInput({ plans, rates, eventPlanId: 2 }))).toMatchObject({ planId: 2, planName: "Summer 2027", lines: [], totalInclTax: "0.00" });
    expect(priceQuote(makeInput({ plans, rates }))).toMatchObject({ planId: null, planName: null });
  });

  it("warns no_plan for each allocation no plan covers", () => {
    const result = priceQuote(makeInput({ plans: [plans[1] as Plan], rates, allocations: [may, june, allocation("late", "2027-09-01 10:00", "2027-09-01 11:00")] }));
    expect(result.lines.map((line) => line.key)).toEqual(["allocation:june"]);
    expect(result.warnings).toEqual([
      { code: "no_plan", message: "No pricing plan applies to Grand Hall on Mon 31 May 2027, 22:00–23:00", allocationId: "may" },
      { code: "no_plan", message: "No pricing plan applies to Grand Hall on Wed 1 Sep 2027, 10:00–11:00", allocationId: "late" },
    ]);
  });

  it("warns no_rate, naming the space and time, when no rule prices an allocation", () => {
    const mondays = makePlan({ rules: [makeRule({ clauses: [{ field: "weekday", operator: "eq", value: "mon" }] })] });
    const result = priceQuote(makeInput({ plans: [mondays], rates: [makeRate()], allocations: [allocation("a", "2027-06-12 14:00", "2027-06-12 23:59")] }));
    expect(result.lines).toEqual([]);
    expect(result.warnings).toEqual([
      { code: "no_rate", message: 'No rate in plan "Standard" applies to Grand Hall on Sat 12 Jun 2027, 14:00–23:59', allocationId: "a" },
    ]);
    expect(result.totalInclTax).toBe("0.00");
  });

  it("skips a rate for another space and uses the default rule", () => {
    const plan = makePlan({ rules: [makeRule({ id: 1, rateId: 1 }), makeRule({ id: 2, rateId: 2, priority: 5, isDefault: true })] });
    const result = priceQuote(
      makeInput({
        plans: [plan],
        rates: [makeRate({ id: 1, name: "Library only", spaceId: "library" }), makeRate({ id: 2, name: "Anywhere", amount: "60" })],
        allocations: [allocation("a", "2027-06-12 14:00", "2027-06-12 15:00")],
      }),
    );
    expect(result.lines[0]).toMatchObject({ name: "Grand Hall — Anywhere, Sat 12 Jun 2027, 14:00–15:00", unitPrice: "60.00" });
  });
});

describe("overrides", () => {
  const base = () => makeInput({ ...flat({ unit: "hour", amount: "100" }), allocations: [allocation("a", "2027-06-12 14:00", "2027-06-12 16:00"), allocation("b", "2027-06-13 10:00", "2027-06-13 11:00")] });
  const withOverrides = (lines: PricingInput["overrides"]["lines"]) => ({ ...base(), overrides: extras([], [], lines) });

  it.each<[string, PricingInput["overrides"]["lines"], [string, string, string, string][], string]>([
    ["none", [], [["allocation:a", "2", "100.00", "200.00"], ["allocation:b", "1", "100.00", "100.00"]], "300.00"],
    ["included: false drops the line", [{ key: "allocation:a", included: false }], [["allocation:b", "1", "100.00", "100.00"]], "100.00"],
    ["included: true changes nothing", [{ key: "allocation:a", included: true }], [["allocation:a", "2", "100.00", "200.00"], ["allocation:b", "1", "100.00", "100.00"]], "300.00"],
    ["quantity", [{ key: "allocation:a", quantity: "3.5" }], [["allocation:a", "3.5", "100.00", "350.00"], ["allocation:b", "1", "100.00", "100.00"]], "450.00"],
    ["unit price", [{ key: "allocation:b", unitPrice: 120.5 }], [["allocation:a", "2", "100.00", "200.00"], ["allocation:b", "1", "120.50", "120.50"]], "320.50"],
    ["both", [{ key: "allocation:a", quantity: 1, unitPrice: "0.333" }], [["allocation:a", "1", "0.333", "0.33"], ["allocation:b", "1", "100.00", "100.00"]], "100.33"],
    ["a zero price", [{ key: "allocation:b", unitPrice: 0 }], [["allocation:a", "2", "100.00", "200.00"], ["allocation:b", "1", "0.00", "0.00"]], "200.00"],
    ["a key matching no line", [{ key: "allocation:gone", included: false }], [["allocation:a", "2", "100.00", "200.00"], ["allocation:b", "1", "100.00", "100.00"]], "300.00"],
  ])("%s", (_label, lines, expected, subtotal) => {
    const result = priceQuote(withOverrides(lines));
    expect(result.lines.map((line) => [line.key, line.quantity, line.unitPrice, line.net])).toEqual(expected);
    expect(result.subtotalExclTax).toBe(subtotal);
  });

  it.each<[string, PricingInput["overrides"]["lines"], string, string]>([
    ["an exponent", [{ key: "allocation:a", quantity: "1e3" }], "overrides.lines.0.quantity", "must be a plain decimal number"],
    ["a negative price", [{ key: "allocation:a" }, { key: "allocation:b", unitPrice: -5 }], "overrides.lines.1.unit_price", "must not be negative"],
    ["NaN", [{ key: "allocation:a", quantity: Number.NaN }], "overrides.lines.0.quantity", "must be a plain decimal number"],
    ["text", [{ key: "allocation:a", unitPrice: "twelve" }], "overrides.lines.0.unit_price", "must be a plain decimal number"],
    ["a bad override for a line that is gone", [{ key: "allocation:gone", quantity: "1,5" }], "overrides.lines.0.quantity", "must be a plain decimal number"],
  ])("refuses %s, naming the field", (_label, lines, field, message) => {
    const run = () => priceQuote(withOverrides(lines));
    expect(run).toThrow(PricingInputError);
    expect(run).toThrow(`${field} ${message}`);
    try {
      run();
    } catch (error) {
      expect((error as PricingInputError).field).toBe(field);
    }
  });
});

describe("additional and optional lines", () => {
  const input = (selectedOptionalKeys: string[]) =>
    makeInput({
      ...flat({ unit: "fixed", amount: "1000" }),
      allocations: [allocation("a", "2027-06-12 14:00", "2027-06-12 16:00")],
      overrides: extras(
        [extra("Lunch", 80, "27.50", 9, { category: "catering", unit: "person" }), extra("Cleaning", 1, 150, "21.0", { key: "cleaning", description: "After the event" })],
        [extra("Welcome drinks", 80, "12.50", 21), extra("DJ", 1, 450, 21, { key: "dj" })],
      ),
      selectedOptionalKeys,
    });

  it("keys, defaults and descriptions", () => {
    const result = priceQuote(input([]));
    expect(result.additionalLines).toEqual([
      { key: "additional:0", name: "Lunch", category: "catering", quantity: "80", unit: "person", unitPrice: "27.50", taxRate: "9", net: "2200.00", discount: "0.00", tax: "198.00", total: "2398.00", description: null },
      { key: "cleaning", name: "Cleaning", category: "other", quantity: "1", unit: "fixed", unitPrice: "150.00", taxRate: "21", net: "150.00", discount: "0.00", tax: "31.50", total: "181.50", description: "After the event" },
    ]);
    expect(result.optionalLines.map((line) => [line.key, line.selected, line.net, line.tax, line.total])).toEqual([
      ["optional:0", false, "1000.00", "210.00", "1210.00"],
      ["dj", false, "450.00", "94.50", "544.50"],
    ]);
  });

  it.each([
    // Taxes: hall 210.00 + lunch 198.00 + cleaning 31.50 = 439.50; the DJ adds 94.50, the drinks 210.00.
    [[], "3350.00", "3789.50"],
    [["dj"], "3800.00", "4334.00"],
    [["optional:0", "dj"], "4800.00", "5544.00"],
    [["no-such-line"], "3350.00", "3789.50"],
  ])("counts optional lines only when selected: %j", (selected, subtotal, totalInclTax) => {
    const result = priceQuote(input(selected));
    expect(result.subtotalExclTax).toBe(subtotal);
    expect(result.totalInclTax).toBe(totalInclTax);
    expect(result.optionalLines.map((line) => line.selected)).toEqual([selected.includes("optional:0"), selected.includes("dj")]);
  });

  it("gives an unselected optional line no share of a discount and a selected one its share", () => {
    const discounts = [{ code: "TEN", name: "Ten off", discountType: "percentage" as const, value: 10 }];
    const unselected = priceQuote({ ...input([]), discounts });
    expect(unselected.optionalLines.map((line) => line.discount)).toEqual(["0.00", "0.00"]);
    expect(unselected.discounts[0]?.amount).toBe("335.00");
    const selected = priceQuote({ ...input(["dj"]), discounts });
    expect(selected.optionalLines.map((line) => line.discount)).toEqual(["0.00", "45.00"]);
    expect(selected.discounts[0]?.amount).toBe("380.00");
  });

  it.each<[string, ExtraLine[], ExtraLine[], string]>([
    ["an optional key used by an additional line", [extra("A", 1, 1)], [extra("B", 1, 1, 21, { key: "additional:0" })], "overrides.optional_lines.0.key"],
    ["a key used by a generated line", [extra("A", 1, 1, 21, { key: "allocation:a" })], [], "overrides.additional_lines.0.key"],
    ["two additional lines with one key", [extra("A", 1, 1, 21, { key: "x" }), extra("B", 1, 1, 21, { key: "x" })], [], "overrides.additional_lines.1.key"],
  ])("refuses %s", (_label, additional, optional, field) => {
    const run = () => priceQuote(makeInput({ ...flat(), allocations: [allocation("a", "2027-06-12 14:00", "2027-06-12 15:00")], overrides: extras(additional, optional) }));
    expect(run).toThrow(PricingInputError);
    expect(run).toThrow(field);
  });

  it.each<[string, ExtraLine, string]>([
    ["quantity", extra("A", "two", 1), "overrides.additional_lines.0.quantity"],
    ["unit price", extra("A", 1, "-1"), "overrides.additional_lines.0.unit_price"],
    ["tax rate", extra("A", 1, 1, "21%"), "overrides.additional_lines.0.tax_rate"],
  ])("refuses a malformed %s", (_label, line, field) => {
    expect(() => priceQuote(makeInput({ overrides: extras([line]) }))).toThrow(field);
  });
});

describe("discounts", () => {
  const lines = (...nets: string[]) => makeInput({ overrides: extras(nets.map((net, index) => extra(`Line ${index}`, 1, net))) });
  const discount = (discountType: "percentage" | "fixed_amount", value: string | number, code = "CODE") => ({ code, name: `${code} name`, discountType, value });

  it.each<[string, string[], ReturnType<typeof discount>[], string[], string[]]>([
    ["a percentage spread exactly", ["100.00", "50.00"], [discount("percentage", 10)], ["10.00", "5.00"], ["15.00"]],
    ["a fixed amount in proportion", ["300.00", "100.00"], [discount("fixed_amount", 40)], ["30.00", "10.00"], ["40.00"]],
    ["three equal lines, one cent: the first line", ["10.00", "10.00", "10.00"], [discount("fixed_amount", "0.01")], ["0.01", "0.00", "0.00"], ["0.01"]],
    ["three equal lines, two cents: the first two", ["10.00", "10.00", "10.00"], [discount("fixed_amount", "0.02")], ["0.01", "0.01", "0.00"], ["0.02"]],
    ["three equal lines, one euro: ties go in line order", ["10.00", "10.00", "10.00"], [discount("fixed_amount", 1)], ["0.34", "0.33", "0.33"], ["1.00"]],
    // Exact shares 1.667 and 3.333 cents: the larger remainder (the 10.00 line) gets the spare cent.
    ["the largest remainder, not the line order", ["20.00", "10.00"], [discount("fixed_amount", "0.05")], ["0.03", "0.02"], ["0.05"]],
    ["a line of 0 gets nothing", ["0.00", "10.00"], [discount("fixed_amount", 5)], ["0.00", "5.00"], ["5.00"]],
    // 10% of 150.00 = 15.00 (10.00 + 5.00), then 20.00 on the 135.00 left: 13.33 + 6.67.
    ["a percentage then a fixed amount", ["100.00", "50.00"], [discount("percentage", 10, "P"), discount("fixed_amount", 20, "F")], ["23.33", "11.67"], ["15.00", "20.00"]],
    // 20.00 off 150.00 leaves 130.00; 10% of that is 13.00.
    ["a fixed amount then a percentage of what is left", ["100.00", "50.00"], [discount("fixed_amount", 20, "F"), discount("percentage", 10, "P")], ["22.00", "11.00"], ["20.00", "13.00"]],
    ["a percentage rounded half away from zero", ["0.05"], [discount("percentage", 10)], ["0.01"], ["0.01"]],
    ["a fixed amount rounded to the cent", ["100.00"], [discount("fixed_amount", "10.005")], ["10.01"], ["10.01"]],
    ["more than the subtotal: all of it", ["100.00", "50.00"], [discount("fixed_amount", 5000)], ["100.00", "50.00"], ["150.00"]],
    ["over 100 percent: all of it", ["100.00", "50.00"], [discount("percentage", 150)], ["100.00", "50.00"], ["150.00"]],
    ["after everything is gone: 0", ["100.00"], [discount("percentage", 100, "ALL"), discount("fixed_amount", 10, "MORE")], ["100.00"], ["100.00", "0.00"]],
    ["no lines: 0", [], [discount("fixed_amount", 10)], [], ["0.00"]],
  ])("%s", (_label, nets, discounts, lineDiscounts, amounts) => {
    const result = priceQuote({ ...lines(...nets), discounts });
    expect(result.additionalLines.map((line) => line.discount)).toEqual(lineDiscounts);
    expect(result.discounts.map((entry) => entry.amount)).toEqual(amounts);
    for (const value of allStrings(result)) expect(value.startsWith('"-')).toBe(false);
  });

  it("brings every total to 0 when the discount exceeds the subtotal", () => {
    const result = priceQuote({
      ...makeInput({ overrides: extras([extra("Hall", 1, "1000", 21), extra("Dinner", 10, "45", 9)]) }),
      discounts: [discount("fixed_amount", "99999.99", "HUGE")],
    });
    expect(result).toMatchObject({ subtotalExclTax: "1450.00", totalExclTax: "0.00", totalTax: "0.00", totalInclTax: "0.00" });
    expect(result.discounts).toEqual([{ code: "HUGE", name: "HUGE name", discountType: "fixed_amount", value: "99999.99", amount: "1450.00" }]);
    expect(result.taxes).toEqual([
      { taxRate: "9", base: "0.00", tax: "0.00" },
      { taxRate: "21", base: "0.00", tax: "0.00" },
    ]);
    expect(result.additionalLines.map((line) => [line.discount, line.tax, line.total])).toEqual([
      ["1000.00", "0.00", "0.00"],
      ["450.00", "0.00", "0.00"],
    ]);
  });

  it("reports each code with its value as given", () => {
    const result = priceQuote({ ...lines("200.00"), discounts: [discount("percentage", "12.50", "SPRING"), discount("fixed_amount", 25, "LOYAL")] });
    expect(result.discounts).toEqual([
      { code: "SPRING", name: "SPRING name", discountType: "percentage", value: "12.5", amount: "25.00" },
      { code: "LOYAL", name: "LOYAL name", discountType: "fixed_amount", value: "25.00", amount: "25.00" },
    ]);
  });

  it("splits every discount so the parts always sum to it (seeded sweep)", () => {
    let seed = 20270612;
    const next = (limit: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % limit;
    };
    for (let round = 0; round < 300; round += 1) {
      const count = 1 + next(7);
      const additional = Array.from({ length: count }, (_, index) => extra(`L${index}`, 1 + next(5), `${next(5000)}.${String(next(100)).padStart(2, "0")}`, [0, 9, 21][next(3)] as number));
      const discounts = [discount("percentage", next(40), "P"), discount("fixed_amount", `${next(300)}.${String(next(100)).padStart(2, "0")}`, "F")];
      const result = priceQuote({ ...makeInput({ overrides: extras(additional) }), discounts });
      const cents = (value: string) => Math.round(Number(value) * 100);
      const lineDiscounts = result.additionalLines.reduce((total, line) => total + cents(line.discount), 0);
      expect(lineDiscounts).toBe(result.discounts.reduce((total, entry) => total + cents(entry.amount), 0));
      expect(cents(result.totalExclTax)).toBe(cents(result.subtotalExclTax) - lineDiscounts);
      expect(cents(result.totalInclTax)).toBe(cents(result.totalExclTax) + cents(result.totalTax));
      expect(result.taxes.reduce((total, entry) => total + cents(entry.base), 0)).toBe(cents(result.totalExclTax));
      for (const line of result.additionalLines) {
        expect(cents(line.discount)).toBeLessThanOrEqual(cents(line.net));
        expect(cents(line.total)).toBe(cents(line.net) - cents(line.discount) + cents(line.tax));
      }
      for (const value of allStrings(result)) expect(value.startsWith('"-')).toBe(false);
    }
  });

  it.each<[string, ReturnType<typeof discount>, string]>([
    ["a negative value", discount("fixed_amount", -10), "discounts.0.value"],
    ["a malformed value", discount("percentage", "10%"), "discounts.0.value"],
    ["an unknown type", { code: "X", name: "X", discountType: "bogus" as "percentage", value: 1 }, "discounts.0.discount_type"],
  ])("refuses %s", (_label, entry, field) => {
    expect(() => priceQuote({ ...lines("100.00"), discounts: [entry] })).toThrow(field);
  });
});

describe("taxes", () => {
  it("groups counted lines by rate, ascending by number, on discounted amounts", () => {
    const result = priceQuote({
      ...makeInput({
        overrides: extras(
          [extra("Hall", 1, "1000", "21.000"), extra("Dinner", 1, "500", 9), extra("Books", 1, "100", "5.50"), extra("Deposit fee", 1, "40", 0), extra("AV", 1, "200", 21)],
          [extra("Not chosen", 1, "999", 6)],
        ),
      }),
      discounts: [{ code: "TEN", name: "Ten percent", discountType: "percentage", value: 10 }],
    });
    // Nets after 10%: 900, 450, 90, 36, 180. Taxes: 189, 40.50, 4.95, 0, 37.80.
    expect(result.taxes).toEqual([
      { taxRate: "0", base: "36.00", tax: "0.00" },
      { taxRate: "5.5", base: "90.00", tax: "4.95" },
      { taxRate: "9", base: "450.00", tax: "40.50" },
      { taxRate: "21", base: "1080.00", tax: "226.80" },
    ]);
    expect(result).toMatchObject({ subtotalExclTax: "1840.00", totalExclTax: "1656.00", totalTax: "272.25", totalInclTax: "1928.25" });
  });

  it("rounds tax per line, so the total tax is the sum of line taxes", () => {
    // Each 0.10 at 5% is 0.005 → 0.01; taxed on the total (0.20) it would have been 0.01.
    const result = priceQuote(makeInput({ overrides: extras([extra("A", 1, "0.10", 5), extra("B", 1, "0.10", 5)]) }));
    expect(result.totalTax).toBe("0.02");
    expect(result.taxes).toEqual([{ taxRate: "5", base: "0.20", tax: "0.02" }]);
  });
});

describe("rounding", () => {
  it.each<[string, string, ExtraLine[], string[], string]>([
    ["0.005 → 0.01", "EUR", [extra("A", 1, "0.005", 0)], ["0.01"], "0.01"],
    ["0.004 → 0.00", "EUR", [extra("A", 1, "0.004", 0)], ["0.00"], "0.00"],
    ["3 × 0.333 = 0.999 → 1.00", "EUR", [extra("A", 3, "0.333", 0)], ["1.00"], "1.00"],
    ["three lines of 0.333 round one by one", "EUR", [extra("A", 1, "0.333", 0), extra("B", 1, "0.333", 0), extra("C", 1, "0.333", 0)], ["0.33", "0.33", "0.33"], "0.99"],
    ["0.1 × 3 with float inputs", "EUR", [extra("A", 3, 0.1, 0)], ["0.30"], "0.30"],
    ["JPY: 2.5 × 3333 = 8332.5 → 8333", "JPY", [extra("A", 2.5, 3333, 0)], ["8333"], "8333"],
    ["JPY: a price with decimals", "JPY", [extra("A", 3, "99.5", 0)], ["299"], "299"],
    ["BHD: 1.5 × 12.345 = 18.5175 → 18.518", "BHD", [extra("A", 1.5, "12.345", 0)], ["18.518"], "18.518"],
    ["KWD: 7 × 0.0005 = 0.0035 → 0.004", "KWD", [extra("A", 7, "0.0005", 0)], ["0.004"], "0.004"],
  ])("%s", (_label, currency, additional, nets, subtotal) => {
    const result = priceQuote(makeInput({ currency, overrides: extras(additional) }));
    expect(result.additionalLines.map((line) => line.net)).toEqual(nets);
    expect(result.subtotalExclTax).toBe(subtotal);
  });

  it("JPY end to end: whole yen everywhere", () => {
    const result = priceQuote({ ...makeInput({ currency: "JPY", overrides: extras([extra("Room", 2.5, 3333, 10)]) }), discounts: [{ code: "T", name: "T", discountType: "percentage", value: 10 }] });
    // 8333 − round(833.3) = 833 → 7500; tax 750.
    expect(result).toMatchObject({ subtotalExclTax: "8333", totalExclTax: "7500", totalTax: "750", totalInclTax: "8250" });
    expect(result.additionalLines[0]).toMatchObject({ unitPrice: "3333", net: "8333", discount: "833", tax: "750", total: "8250" });
  });

  it("BHD end to end: three decimals everywhere", () => {
    const result = priceQuote(makeInput({ currency: "BHD", overrides: extras([extra("Room", 1.5, "12.345", 10)]) }));
    // Tax 18.518 × 10% = 1.8518 → 1.852.
    expect(result).toMatchObject({ subtotalExclTax: "18.518", totalExclTax: "18.518", totalTax: "1.852", totalInclTax: "20.370" });
    expect(result.additionalLines[0]).toMatchObject({ unitPrice: "12.345", net: "18.518", discount: "0.000", tax: "1.852", total: "20.370" });
  });

  it("refuses an unknown currency code", () => {
    expect(() => priceQuote(makeInput({ currency: "EURO" }))).toThrow(RangeError);
  });

  it("refuses a negative attendee count", () => {
    expect(() => priceQuote(makeInput({ attendees: -1 }))).toThrow("attendees");
  });
});

/**
 * Whole quotes. Every expected figure below was worked out by hand (the working is in the
 * comments); none is computed by the code under test.
 */
describe("full quotes", () => {
  // Canal House, Amsterdam: one plan for 2027.
  const canalRates: Rate[] = [
    makeRate({ id: 1, name: "Hall hire", unit: "hour", amount: "250.00", taxRate: "21.000", spaceId: "hall" }),
    makeRate({ id: 6, name: "Weekend day rate", unit: "day", amount: "2400.00", taxRate: "21.000" }),
    makeRate({ id: 7, name: "Evening hire", unit: "hour", amount: "300.00", taxRate: "21.000", spaceId: "hall" }),
    makeRate({ id: 8, name: "Day delegate package", unit: "person", amount: "65.00", taxRate: "21.000" }),
    makeRate({ id: 9, name: "Library hire", unit: "hour", amount: "95.00", taxRate: "21.000", spaceId: "library" }),
  ];
  const canalPlan = makePlan({
    id: 10,
    name: "Canal House 2027",
    rules: [
      makeRule({ id: 1, name: "Weekends", rateId: 6, priority: 10, clauses: [{ field: "weekday", operator: "in", value: ["sat", "sun"] }] }),
      makeRule({
        id: 2,
        name: "Library meetings",
        rateId: 8,
        priority: 20,
        clauses: [
          { field: "space_id", operator: "eq", value: "library" },
          { field: "attendees", operator: "gte", value: 10 },
        ],
      }),
      makeRule({ id: 3, name: "Evenings", rateId: 7, priority: 30, clauses: [{ field: "start_time", operator: "gte", value: "18:00" }] }),
      makeRule({ id: 4, name: "Library", rateId: 9, priority: 40, clauses: [{ field: "space_id", operator: "eq", value: "library" }] }),
      makeRule({ id: 5, name: "Hall", rateId: 1, priority: 100, isDefault: true }),
    ],
  });
  const hall = { spaceId: "hall", spaceName: "Grand Hall" };
  const library = { spaceId: "library", spaceName: "Library" };

  it("1. a weekday conference: hourly, per person and evening rates, two tax rates, 10% then 250.00 off", () => {
    const result = priceQuote({
      currency: "EUR",
      attendees: 40,
      plans: [canalPlan],
      rates: canalRates,
      eventPlanId: null,
      // Given out of order: lines come out by start time.
      allocations: [
        allocation("a", "2027-06-09 09:00", "2027-06-09 17:30", hall),
        allocation("c", "2027-06-09 18:30", "2027-06-09 23:00", hall),
        allocation("b", "2027-06-09 08:00", "2027-06-09 18:00", library),
      ],
      overrides: extras(
        [extra("Lunch buffet", 40, "27.50", 9, { category: "catering", unit: "person" }), extra("AV technician", 8, 45, 21, { category: "staff", unit: "hour" })],
        [extra("Welcome drinks", 40, "12.50", 21, { category: "catering" })],
      ),
      selectedOptionalKeys: [],
      discounts: [
        { code: "EARLY10", name: "Early booking", discountType: "percentage", value: 10 },
        { code: "LOYAL250", name: "Loyal customer", discountType: "fixed_amount", value: "250" },
      ],
    });
    // Lines: library 40 × 65 = 2600.00 (rule 2), hall 8.5 h × 250 = 2125.00 (default rule),
    // hall evening 4.5 h × 300 = 1350.00 (rule 3); lunch 40 × 27.50 = 1100.00 at 9%; AV 8 × 45 = 360.00.
    // Subtotal 7535.00. EARLY10 = 753.50: exactly 10% of each line (260, 212.50, 135, 110, 36).
    // LOYAL250 on 6781.50 left, in cents 25000 × net / 678150:
    //   library 234000 → 8626 r 278100; hall 191250 → 7050 r 292500; evening 121500 → 4479 r 66150;
    //   lunch 99000 → 3649 r 430650; AV 32400 → 1194 r 288900. Sum 24998: the 2 spare cents go to
    //   lunch and hall (largest remainders) → 86.26, 70.51, 44.79, 36.50, 11.94 = 250.00.
    // Discounted: 2253.74, 1841.99, 1170.21, 953.50, 312.06 = 6531.50.
    // Taxes: 473.2854 → 473.29; 386.8179 → 386.82; 245.7441 → 245.74; 85.815 → 85.82; 65.5326 → 65.53.
    expect(result.lines).toEqual([
      { key: "allocation:b", name: "Library — Day delegate package, Wed 9 Jun 2027, 08:00–18:00", category: "space", quantity: "40", unit: "person", unitPrice: "65.00", taxRate: "21", net: "2600.00", discount: "346.26", tax: "473.29", total: "2727.03", allocationId: "b", spaceId: "library" },
      { key: "allocation:a", name: "Grand Hall — Hall hire, Wed 9 Jun 2027, 09:00–17:30", category: "space", quantity: "8.5", unit: "hour", unitPrice: "250.00", taxRate: "21", net: "2125.00", discount: "283.01", tax: "386.82", total: "2228.81", allocationId: "a", spaceId: "hall" },
      { key: "allocation:c", name: "Grand Hall — Evening hire, Wed 9 Jun 2027, 18:30–23:00", category: "space", quantity: "4.5", unit: "hour", unitPrice: "300.00", taxRate: "21", net: "1350.00", discount: "179.79", tax: "245.74", total: "1415.95", allocationId: "c", spaceId: "hall" },
    ]);
    expect(result.additionalLines.map((line) => [line.key, line.net, line.discount, line.tax, line.total])).toEqual([
      ["additional:0", "1100.00", "146.50", "85.82", "1039.32"],
      ["additional:1", "360.00", "47.94", "65.53", "377.59"],
    ]);
    expect(result.optionalLines.map((line) => [line.key, line.selected, line.net, line.discount, line.tax, line.total])).toEqual([["optional:0", false, "500.00", "0.00", "105.00", "605.00"]]);
    expect(result.discounts).toEqual([
      { code: "EARLY10", name: "Early booking", discountType: "percentage", value: "10", amount: "753.50" },
      { code: "LOYAL250", name: "Loyal customer", discountType: "fixed_amount", value: "250.00", amount: "250.00" },
    ]);
    expect(result.taxes).toEqual([
      { taxRate: "9", base: "953.50", tax: "85.82" },
      { taxRate: "21", base: "5578.00", tax: "1171.38" },
    ]);
    expect(result).toMatchObject({ subtotalExclTax: "7535.00", totalExclTax: "6531.50", totalTax: "1257.20", totalInclTax: "7788.70", warnings: [], planId: 10, planName: "Canal House 2027" });
  });

  it("2. a wedding weekend: overrides (quantity, price, exclusion), optional lines, 5% then 500.00 off", () => {
    const result = priceQuote({
      currency: "EUR",
      attendees: 150,
      plans: [canalPlan],
      rates: canalRates,
      eventPlanId: null,
      allocations: [
        allocation("w1", "2027-06-12 14:00", "2027-06-13 02:00", hall),
        allocation("w2", "2027-06-11 16:00", "2027-06-11 20:00", hall),
        allocation("w3", "2027-06-13 10:00", "2027-06-13 14:00", library),
      ],
      overrides: extras(
        [extra("Wedding dinner", 150, "85.00", 9, { category: "catering", unit: "person" }), extra("Cleaning", 1, 350, 21, { category: "staff" })],
        [extra("Late-night snacks", 150, "6.40", 9), extra("Fireworks", 1, 1200, 21), extra("Brunch", 60, "32.50", 9, { key: "brunch" })],
        [
          { key: "allocation:w1", quantity: 1 },
          { key: "allocation:w2", unitPrice: "150" },
          { key: "allocation:w3", included: false },
        ],
      ),
      selectedOptionalKeys: ["optional:0", "brunch"],
      discounts: [
        { code: "WEDDING5", name: "Wedding season", discountType: "percentage", value: "5" },
        { code: "FRIENDS", name: "Friends of the house", discountType: "fixed_amount", value: 500 },
      ],
    });
    // Rehearsal Fri 16:00–20:00: default hall hire, 4 h at the overridden 150 = 600.00.
    // Saturday overnight: weekend day rate, 2 days touched, overridden to 1 → 2400.00.
    // Sunday library brunch slot: excluded. Dinner 12750.00 (9%), cleaning 350.00, snacks 960.00 (9%),
    // brunch 1950.00 (9%); fireworks not selected. Subtotal 19010.00.
    // WEDDING5 = 950.50, exactly 5% of each: 30.00, 120.00, 637.50, 17.50, 48.00, 97.50.
    // FRIENDS 500.00 on 18059.50, in cents 50000 × net / 1805950:
    //   rehearsal 57000 → 1578 r 210900; saturday 228000 → 6312 r 843600; dinner 1211250 → 33534 r 1772700;
    //   cleaning 33250 → 920 r 1026000; snacks 91200 → 2524 r 1782200; brunch 185250 → 5128 r 1588400.
    //   Sum 49996: spare cents to snacks, dinner, brunch, cleaning → 15.78, 63.12, 335.35, 9.21, 25.25, 51.29.
    // Discounted: 554.22, 2216.88, 11777.15, 323.29, 886.75, 1801.21 = 17559.50.
    // Taxes: 116.3862 → 116.39; 465.5448 → 465.54; 1059.9435 → 1059.94; 67.8909 → 67.89; 79.8075 → 79.81; 162.1089 → 162.11.
    // 21%: base 3094.39, tax 649.82. 9%: base 14465.11, tax 1301.86. Tax 1951.68; total 19511.18.
    expect(result.lines).toEqual([
      { key: "allocation:w2", name: "Grand Hall — Hall hire, Fri 11 Jun 2027, 16:00–20:00", category: "space", quantity: "4", unit: "hour", unitPrice: "150.00", taxRate: "21", net: "600.00", discount: "45.78", tax: "116.39", total: "670.61", allocationId: "w2", spaceId: "hall" },
      { key: "allocation:w1", name: "Grand Hall — Weekend day rate, Sat 12 Jun 2027, 14:00 – Sun 13 Jun 2027, 02:00", category: "space", quantity: "1", unit: "day", unitPrice: "2400.00", taxRate: "21", net: "2400.00", discount: "183.12", tax: "465.54", total: "2682.42", allocationId: "w1", spaceId: "hall" },
    ]);
    expect(result.additionalLines.map((line) => [line.name, line.net, line.discount, line.tax, line.total])).toEqual([
      ["Wedding dinner", "12750.00", "972.85", "1059.94", "12837.09"],
      ["Cleaning", "350.00", "26.71", "67.89", "391.18"],
    ]);
    expect(result.optionalLines.map((line) => [line.key, line.selected, line.net, line.discount, line.tax, line.total])).toEqual([
      ["optional:0", true, "960.00", "73.25", "79.81", "966.56"],
      ["optional:1", false, "1200.00", "0.00", "252.00", "1452.00"],
      ["brunch", true, "1950.00", "148.79", "162.11", "1963.32"],
    ]);
    expect(result.discounts.map((entry) => [entry.code, entry.value, entry.amount])).toEqual([
      ["WEDDING5", "5", "950.50"],
      ["FRIENDS", "500.00", "500.00"],
    ]);
    expect(result.taxes).toEqual([
      { taxRate: "9", base: "14465.11", tax: "1301.86" },
      { taxRate: "21", base: "3094.39", tax: "649.82" },
    ]);
    expect(result).toMatchObject({ subtotalExclTax: "19010.00", totalExclTax: "17559.50", totalTax: "1951.68", totalInclTax: "19511.18", warnings: [] });
  });

  it("3. a Tokyo workshop in yen: hourly and per guest-hour lines, 8% and 10% tax, 7.5% then ¥1000 off", () => {
    const plan = makePlan({
      id: 20,
      name: "Tokyo 2027",
      rules: [
        makeRule({ id: 11, rateId: 21, priority: 1, clauses: [{ field: "space_id", operator: "eq", value: "tea-room" }] }),
        makeRule({ id: 12, rateId: 22, priority: 9, isDefault: true }),
      ],
    });
    const rates = [
      makeRate({ id: 21, name: "Tea room, per guest-hour", unit: "person_hour", amount: "1150", taxRate: "10" }),
      makeRate({ id: 22, name: "Room hire", unit: "hour", amount: "12000", taxRate: "10" }),
    ];
    const tokyo = (id: string, from: string, to: string, spaceId: string, spaceName: string) => allocation(id, from, to, { timezone: TOKYO, spaceId, spaceName });
    const result = priceQuote({
      currency: "JPY",
      attendees: 30,
      plans: [plan],
      rates,
      eventPlanId: null,
      allocations: [tokyo("t1", "2027-06-08 09:00", "2027-06-08 11:20", "sakura", "Sakura Room"), tokyo("t2", "2027-06-08 13:00", "2027-06-08 14:30", "tea-room", "Tea Room")],
      overrides: extras([extra("Bento lunch", 30, 1480, 8, { category: "catering", unit: "person" })]),
      selectedOptionalKeys: [],
      discounts: [
        { code: "SPRING", name: "Spring offer", discountType: "percentage", value: 7.5 },
        { code: "VIP", name: "VIP", discountType: "fixed_amount", value: 1000 },
      ],
    });
    // Sakura 2 h 20 min = 2.33 h × 12000 = 27960; tea room 30 × 1.5 h = 45 × 1150 = 51750; bento 30 × 1480 = 44400.
    // Subtotal 124110. SPRING 7.5% = 9308.25 → 9308, in yen 9308 × net / 124110:
    //   27960 → 2096 r 117120; 51750 → 3881 r 18090; 44400 → 3329 r 113010; spare 2 → sakura, bento: 2097, 3881, 3330.
    // VIP 1000 on 114802: 25863 → 225 r 32550; 47869 → 416 r 111368; 41070 → 357 r 85686; spare 2 → tea room, bento: 225, 417, 358.
    // Discounted 25638, 47452, 40712 = 113802. Taxes 2563.8 → 2564; 4745.2 → 4745; 3256.96 → 3257 (8%).
    expect(result.lines.map((line) => [line.name, line.quantity, line.unitPrice, line.net, line.discount, line.tax, line.total])).toEqual([
      ["Sakura Room — Room hire, Tue 8 Jun 2027, 09:00–11:20", "2.33", "12000", "27960", "2322", "2564", "28202"],
      ["Tea Room — Tea room, per guest-hour, Tue 8 Jun 2027, 13:00–14:30", "45", "1150", "51750", "4298", "4745", "52197"],
    ]);
    expect(result.additionalLines.map((line) => [line.net, line.discount, line.tax, line.total])).toEqual([["44400", "3688", "3257", "43969"]]);
    expect(result.discounts.map((entry) => [entry.code, entry.value, entry.amount])).toEqual([
      ["SPRING", "7.5", "9308"],
      ["VIP", "1000", "1000"],
    ]);
    // 8 before 10: ordered by number, not as text.
    expect(result.taxes).toEqual([
      { taxRate: "8", base: "40712", tax: "3257" },
      { taxRate: "10", base: "73090", tax: "7309" },
    ]);
    expect(result).toMatchObject({ subtotalExclTax: "124110", totalExclTax: "113802", totalTax: "10566", totalInclTax: "124368", warnings: [] });
  });

  it("4. a Manama meeting in dinars: three decimals, a day rate over two days, a price override, a 0% line", () => {
    const plan = makePlan({
      id: 30,
      name: "Manama",
      rules: [
        makeRule({ id: 31, rateId: 41, priority: 1, clauses: [{ field: "space_id", operator: "in", value: ["majlis"] }] }),
        makeRule({ id: 32, rateId: 42, priority: 5, isDefault: true }),
      ],
    });
    const rates = [
      makeRate({ id: 41, name: "Majlis hall, per day", unit: "day", amount: "350.0000", taxRate: "10.000" }),
      makeRate({ id: 42, name: "Business lounge", unit: "hour", amount: "18.7500", taxRate: "10.000" }),
    ];
    const result = priceQuote({
      currency: "BHD",
      attendees: 25,
      plans: [plan],
      rates,
      eventPlanId: null,
      allocations: [
        allocation("m1", "2027-06-09 10:00", "2027-06-10 16:00", { timezone: BAHRAIN, spaceId: "majlis", spaceName: "Majlis" }),
        allocation("m2", "2027-06-10 08:15", "2027-06-10 09:45", { timezone: BAHRAIN, spaceId: "lounge", spaceName: "Lounge" }),
      ],
      overrides: extras([extra("Arabic coffee and dates", 25, "2.150", 10, { category: "catering" }), extra("Heritage site fee", 1, 15, 0)], [], [{ key: "allocation:m2", unitPrice: "18.755" }]),
      selectedOptionalKeys: [],
      discounts: [
        { code: "RAMADAN", name: "Ramadan offer", discountType: "percentage", value: "12.5" },
        { code: "WELCOME", name: "Welcome", discountType: "fixed_amount", value: 20 },
      ],
    });
    // Majlis Wed 10:00 – Thu 16:00 touches 2 days: 700.000. Lounge 1.5 h × 18.755 = 28.1325 → 28.133.
    // Coffee 25 × 2.150 = 53.750; fee 15.000 at 0%. Subtotal 796.883.
    // RAMADAN 12.5% = 99.610375 → 99.610, in fils 99610 × net / 796883:
    //   700000 → 87499 r 534383; 28133 → 3516 r 487502; 53750 → 6718 r 577506; 15000 → 1874 r 791258;
    //   spare 3 → fee, coffee, majlis: 87.500, 3.516, 6.719, 1.875.
    // WELCOME 20 on 697.273: 612500 → 17568 r 307936; 24617 → 706 r 65262; 47031 → 1348 r 695996;
    //   13125 → 376 r 325352; spare 2 → coffee, fee: 17.568, 0.706, 1.349, 0.377.
    // Discounted 594.932, 23.911, 45.682, 12.748 = 677.273. Taxes 59.4932 → 59.493; 2.3911 → 2.391; 4.5682 → 4.568; 0.
    expect(result.lines.map((line) => [line.name, line.quantity, line.unitPrice, line.taxRate, line.net, line.discount, line.tax, line.total])).toEqual([
      ["Majlis — Majlis hall, per day, Wed 9 Jun 2027, 10:00 – Thu 10 Jun 2027, 16:00", "2", "350.000", "10", "700.000", "105.068", "59.493", "654.425"],
      ["Lounge — Business lounge, Thu 10 Jun 2027, 08:15–09:45", "1.5", "18.755", "10", "28.133", "4.222", "2.391", "26.302"],
    ]);
    expect(result.additionalLines.map((line) => [line.unitPrice, line.net, line.discount, line.tax, line.total])).toEqual([
      ["2.150", "53.750", "8.068", "4.568", "50.250"],
      ["15.000", "15.000", "2.252", "0.000", "12.748"],
    ]);
    expect(result.discounts.map((entry) => [entry.code, entry.value, entry.amount])).toEqual([
      ["RAMADAN", "12.5", "99.610"],
      ["WELCOME", "20.000", "20.000"],
    ]);
    expect(result.taxes).toEqual([
      { taxRate: "0", base: "12.748", tax: "0.000" },
      { taxRate: "10", base: "664.525", tax: "66.452" },
    ]);
    expect(result).toMatchObject({ subtotalExclTax: "796.883", totalExclTax: "677.273", totalTax: "66.452", totalInclTax: "743.725", warnings: [] });
  });

  it("5. a New York party over the night the clocks go back: 7 hours billed, a selected optional line, 15% then $99.99 off", () => {
    const plan = makePlan({
      id: 50,
      name: "Loft 2027",
      rules: [
        makeRule({ id: 51, rateId: 61, priority: 1, clauses: [{ field: "space_id", operator: "eq", value: "terrace" }] }),
        makeRule({ id: 52, rateId: 62, priority: 2, clauses: [{ field: "start_time", operator: "gte", value: "18:00" }] }),
        makeRule({ id: 53, rateId: 63, priority: 99, isDefault: true }),
      ],
    });
    const rates = [
      makeRate({ id: 61, name: "Brunch package", unit: "person_hour", amount: "11.20", taxRate: "8.875", category: "catering" }),
      makeRate({ id: 62, name: "Evening hire", unit: "hour", amount: "425", taxRate: "8.875" }),
      makeRate({ id: 63, name: "Day hire", unit: "hour", amount: "300", taxRate: "8.875" }),
    ];
    const loft = { timezone: NY, spaceId: "loft", spaceName: "Loft" };
    const result = priceQuote({
      currency: "USD",
      attendees: 64,
      plans: [plan],
      rates,
      eventPlanId: null,
      allocations: [
        // 20:00 EDT to 02:00 EST: six hours on the clock, seven in fact.
        allocation("n1", "2027-11-06 20:00", "2027-11-07 02:00", loft),
        allocation("n3", "2027-11-07 11:00", "2027-11-07 13:45", { timezone: NY, spaceId: "terrace", spaceName: "Terrace" }),
        allocation("n2", "2027-11-06 15:00", "2027-11-06 19:30", loft),
      ],
      overrides: extras(
        [extra("Printed menus", 64, "1.35", "8.875"), extra("Parking validation", 20, 12, 0)],
        [extra("Photo booth", 1, 650, "8.875", { key: "photo-booth" })],
      ),
      selectedOptionalKeys: ["photo-booth"],
      discounts: [
        { code: "FALL15", name: "Fall special", discountType: "percentage", value: 15 },
        { code: "NEIGHBOR", name: "Neighbourhood", discountType: "fixed_amount", value: "99.99" },
      ],
    });
    // Day hire 4.5 h × 300 = 1350.00; evening 7 h × 425 = 2975.00; brunch 64 × 2.75 h = 176 × 11.20 = 1971.20;
    // menus 86.40; parking 240.00 (0%); photo booth 650.00. Subtotal 7272.60.
    // FALL15 = 1090.89, exactly 15% of each: 202.50, 446.25, 295.68, 12.96, 36.00, 97.50.
    // NEIGHBOR 99.99 on 6181.71, in cents 9999 × net / 618171:
    //   114750 → 1856 r 59874; 252875 → 4090 r 177735; 167552 → 2710 r 109038; 7344 → 118 r 488478;
    //   20400 → 329 r 601341; 55250 → 893 r 418047; spare 3 → parking, menus, photo booth.
    // Discounted 1128.94, 2487.85, 1648.42, 72.25, 200.70, 543.56 = 6081.72.
    // Tax 8.875%: 100.193425 → 100.19; 220.7966875 → 220.80; 146.297275 → 146.30; 6.4121875 → 6.41; 48.24095 → 48.24.
    expect(result.lines.map((line) => [line.name, line.quantity, line.net, line.discount, line.tax, line.total])).toEqual([
      ["Loft — Day hire, Sat 6 Nov 2027, 15:00–19:30", "4.5", "1350.00", "221.06", "100.19", "1229.13"],
      ["Loft — Evening hire, Sat 6 Nov 2027, 20:00 – Sun 7 Nov 2027, 02:00", "7", "2975.00", "487.15", "220.80", "2708.65"],
      ["Terrace — Brunch package, Sun 7 Nov 2027, 11:00–13:45", "176", "1971.20", "322.78", "146.30", "1794.72"],
    ]);
    expect(result.additionalLines.map((line) => [line.net, line.discount, line.tax, line.total])).toEqual([
      ["86.40", "14.15", "6.41", "78.66"],
      ["240.00", "39.30", "0.00", "200.70"],
    ]);
    expect(result.optionalLines.map((line) => [line.key, line.selected, line.net, line.discount, line.tax, line.total])).toEqual([["photo-booth", true, "650.00", "106.44", "48.24", "591.80"]]);
    expect(result.discounts.map((entry) => [entry.code, entry.amount])).toEqual([
      ["FALL15", "1090.89"],
      ["NEIGHBOR", "99.99"],
    ]);
    expect(result.taxes).toEqual([
      { taxRate: "0", base: "200.70", tax: "0.00" },
      { taxRate: "8.875", base: "5881.02", tax: "521.94" },
    ]);
    expect(result).toMatchObject({ subtotalExclTax: "7272.60", totalExclTax: "6081.72", totalTax: "521.94", totalInclTax: "6603.66", warnings: [], planId: 50 });
  });
});

// Found by fuzzing the API: totals past numeric(16, 4) reached the database (22003) instead of naming a field.
describe("totals a quote can hold", () => {
  const refused = (input: PricingInput, field: string) => {
    const run = () => priceQuote(input);
    expect(run).toThrow(PricingInputError);
    try {
      run();
    } catch (error) {
      expect((error as PricingInputError).field).toBe(field);
    }
  };

  it.each<[string, PricingInput, string]>([
    ["a huge additional line", makeInput({ overrides: extras([extra("Fireworks", "999999999", "999999999999.9999", 0)]) }), "overrides.additional_lines.0"],
    ["tax pushing the total over", makeInput({ overrides: extras([extra("Almost", 1, "900000000000", 21)]) }), "overrides.additional_lines.0"],
    [
      "a person-hour rate times many attendees",
      makeInput({ ...flat({ unit: "person_hour", amount: "999999999999" }), attendees: 10_000_000, allocations: [allocation("a", "2027-06-12 10:00", "2027-06-12 14:00")] }),
      "allocations",
    ],
  ])("refuses %s, naming the line", (_label, input, field) => refused(input, field));

  it("keeps a total just under the limit", () => {
    const result = priceQuote(makeInput({ overrides: extras([extra("Big but fine", 1, "999999999999.99", 0)]) }));
    expect(result.totalInclTax).toBe("999999999999.99");
  });
});
