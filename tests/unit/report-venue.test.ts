import { describe, expect, it } from "vitest";
import { downloadHref, reportQuery, type ReportUrlState } from "@/components/reports/report-model";
import { tableIsQuiet } from "@/components/reports/report-tables";
import { readVenueRange } from "@/lib/portal/loaders/report-venue-range";
import {
  moneyTicks,
  occupancyCsv,
  occupancyRows,
  occupancyShade,
  pipelineCsv,
  pipelineFunnel,
  revenueByMonth,
  revenueCategoriesCsv,
  revenueMonthsCsv,
  revenueSpacesCsv,
} from "@/lib/portal/loaders/report-venue-tables";
import { csvDocument } from "@/lib/portal/loaders/report-downloads";
import type { OccupancyReport, PipelineReport, RevenueReport } from "@/lib/reports/planning/schemas";

const now = new Date("2026-11-23T22:30:00Z");

describe("readVenueRange", () => {
  it.each([
    // asked, zone, preset, since, until
    [undefined, "UTC", "next_30d", "2026-11-23", "2026-12-22"],
    ["next_90d", "UTC", "next_90d", "2026-11-23", "2027-02-20"],
    ["next_365d", "UTC", "next_365d", "2026-11-23", "2027-11-22"],
    ["last_90d", "UTC", "last_90d", "2026-08-26", "2026-11-23"],
    ["last_365d", "UTC", "last_365d", "2025-11-24", "2026-11-23"],
    // "Today" is the venue's: 22:30Z is still the 23rd in Amsterdam, already the 24th in Auckland.
    [undefined, "Europe/Amsterdam", "next_30d", "2026-11-23", "2026-12-22"],
    [undefined, "Pacific/Auckland", "next_30d", "2026-11-24", "2026-12-23"],
    ["next_7y", "UTC", "next_30d", "2026-11-23", "2026-12-22"],
  ] as const)("%s in %s → %s %s…%s", (asked, zone, preset, since, until) => {
    expect(readVenueRange(asked, zone, now)).toEqual({ preset, since, until });
  });
});

describe("the page's query keeps every choice but the defaults", () => {
  const state: ReportUrlState = { preset: "7d", from: "2026-11-17", to: "2026-11-23", groupBy: "day", defaultGroupBy: "day", businessHours: true, dimension: "agent", venue: "next_30d" };
  it.each([
    [{}, "range=7d&business_hours=true"],
    [{ dimension: "team" as const }, "range=7d&business_hours=true&table=team"],
    [{ venue: "next_90d" as const }, "range=7d&business_hours=true&venue=next_90d"],
    // A new range keeps the table and the venue's dates.
    [{ preset: "30d" as const }, "range=30d&business_hours=true"],
  ])("%j → %s", (change, query) => expect(String(reportQuery(state, change))).toBe(query));

  it("a new range keeps a chosen table and venue range", () => {
    expect(String(reportQuery({ ...state, dimension: "label", venue: "last_90d" }, { preset: "90d" }))).toBe("range=90d&business_hours=true&table=label&venue=last_90d");
  });

  it("a download carries the page's query", () => {
    expect(downloadHref("/app/accounts/1/reports", { ...state, preset: "custom", businessHours: false }, "agents")).toBe(
      "/app/accounts/1/reports/download/agents?from=2026-11-17&to=2026-11-23",
    );
  });
});

const status = (name: PipelineReport["statuses"][number]["status"], events: number, quoted: PipelineReport["statuses"][number]["quoted"] = []) => ({ status: name, events, quoted });

describe("pipelineFunnel", () => {
  it("orders lead, tentative, definite with shares of the largest, and keeps lost and cancelled apart", () => {
    // The report's order is not relied on.
    const report = {
      since: "2026-11-23",
      until: "2026-12-22",
      timezone: "UTC",
      statuses: [status("definite", 2, [{ currency: "EUR", events: 1, total_excl_tax: "1000.00", total_incl_tax: "1210.00" }]), status("lost", 1), status("lead", 4), status("tentative", 1)],
      months: [],
    } satisfies PipelineReport;
    const funnel = pipelineFunnel(report);
    expect(funnel.stages.map((stage) => [stage.status, stage.events, stage.share])).toEqual([
      ["lead", 4, 1],
      ["tentative", 1, 0.25],
      ["definite", 2, 0.5],
    ]);
    // Cancelled is missing from the report: shown as none.
    expect(funnel.apart.map((stage) => [stage.status, stage.events])).toEqual([
      ["lost", 1],
      ["cancelled", 0],
    ]);
    expect(funnel.events).toBe(8);
    expect(pipelineCsv(report).rows).toEqual([
      ["lead", 4, null, 0, null, null],
      ["tentative", 1, null, 0, null, null],
      ["definite", 2, "EUR", 1, "1000.00", "1210.00"],
      ["lost", 1, null, 0, null, null],
      ["cancelled", 0, null, 0, null, null],
    ]);
  });

  it("gives no bar any width when there are no events", () => {
    const funnel = pipelineFunnel({ since: "", until: "", timezone: "UTC", statuses: [], months: [] });
    expect(funnel.stages.map((stage) => stage.share)).toEqual([0, 0, 0]);
    expect(funnel.events).toBe(0);
  });
});

describe("occupancyShade", () => {
  it.each([
    [null, "closed"],
    [0, 0],
    // Any booking at all shows, however short.
    [0.001, 1],
    [0.2499, 1],
    [0.25, 2],
    [0.4999, 2],
    [0.5, 3],
    [0.75, 4],
    [1, 4],
  ] as const)("%s → %s", (occupancy, shade) => expect(occupancyShade(occupancy)).toBe(shade));
});

const week = (monday: string, open: number, booked: number, held = 0) => ({
  week: monday,
  open_hours: open,
  booked_hours: booked,
  held_hours: held,
  occupancy: open === 0 ? null : booked / open,
});

describe("occupancy rows and their download", () => {
  // The report lists spaces by position; a child may come before its parent's sibling.
  const space = (id: string, name: string, parent: string | null, weeks: ReturnType<typeof week>[]) => ({ space_id: id, name, parent_id: parent, timezone: "Europe/Amsterdam", weeks });
  const report: OccupancyReport = {
    since: "2026-11-23",
    until: "2026-11-29",
    weeks: ["2026-11-23"],
    spaces: [
      space("venue", "Canal House", null, [week("2026-11-23", 100, 10)]),
      space("hall", "Grand Hall", "venue", [week("2026-11-23", 100, 10, 2.25)]),
      space("library", "Library", "venue", [week("2026-11-23", 75, 0)]),
      space("a", "Hall A", "hall", [week("2026-11-23", 100, 10)]),
      // Its parent is not in the report (a scope left it out): a row of its own at the top.
      space("annex", "Annex", "elsewhere", [week("2026-11-23", 0, 0)]),
    ],
    totals: [week("2026-11-23", 100, 10, 2.25)],
  };

  it("puts each space under its parent, indented by depth", () => {
    expect(occupancyRows(report).map((row) => [row.name, row.depth])).toEqual([
      ["Canal House", 0],
      ["Grand Hall", 1],
      ["Hall A", 2],
      ["Library", 1],
      ["Annex", 0],
    ]);
  });

  it("writes one row per space and week in the map's order, then the total", () => {
    const table = occupancyCsv(report);
    expect(table.header).toEqual(["Space", "Inside", "Week of", "Open hours", "Booked hours", "Held hours", "Booked share"]);
    expect(table.rows).toEqual([
      ["Canal House", null, "2026-11-23", "100", "10", "0", 0.1],
      ["Grand Hall", "Canal House", "2026-11-23", "100", "10", "2.3", 0.1],
      ["Hall A", "Grand Hall", "2026-11-23", "100", "10", "0", 0.1],
      ["Library", "Canal House", "2026-11-23", "75", "0", "0", 0],
      ["Annex", null, "2026-11-23", "0", "0", "0", null],
      ["All spaces", null, "2026-11-23", "100", "10", "2.3", 0.1],
    ]);
    expect(csvDocument({ filename: "occupancy", ...table }).body.split("\n").slice(0, 3)).toEqual([
      "Space,Inside,Week of,Open hours,Booked hours,Held hours,Booked share",
      "Canal House,,2026-11-23,100,10,0,0.1",
      "Grand Hall,Canal House,2026-11-23,100,10,2.3,0.1",
    ]);
  });
});

describe("revenue by month, space and category", () => {
  const amounts = (currency: string, quotes: number, excl: string, tax: string, incl: string) => ({ currency, quotes, total_excl_tax: excl, total_tax: tax, total_incl_tax: incl });
  const report: RevenueReport = {
    since: "2026-11-01",
    until: "2027-01-31",
    timezone: "Europe/Amsterdam",
    totals: [amounts("EUR", 2, "3000.00", "630.00", "3630.00"), amounts("JPY", 1, "50000", "5000", "55000")],
    months: [
      { month: "2026-11", currencies: [amounts("EUR", 1, "1000.00", "210.00", "1210.00")] },
      { month: "2026-12", currencies: [] },
      { month: "2027-01", currencies: [amounts("EUR", 1, "2000.00", "420.00", "2420.00"), amounts("JPY", 1, "50000", "5000", "55000")] },
    ],
    by_space: [
      { ...amounts("EUR", 2, "2500.00", "525.00", "3025.00"), space_id: "hall", space_name: "Grand Hall" },
      { ...amounts("EUR", 1, "500.00", "105.00", "605.00"), space_id: null, space_name: null },
    ],
    by_category: [{ ...amounts("EUR", 2, "3000.00", "630.00", "3630.00"), category: "room" }],
  };

  it("never adds currencies: every month once per currency, a month without revenue at zero in that currency's digits", () => {
    expect(revenueByMonth(report).map(({ currency, months }) => [currency, months.map((month) => month.total_excl_tax)])).toEqual([
      ["EUR", ["1000.00", "0.00", "2000.00"]],
      ["JPY", ["0", "0", "50000"]],
    ]);
    expect(revenueMonthsCsv(report).rows[1]).toEqual(["2026-12", "EUR", 0, "0.00", "0.00", "0.00"]);
    expect(revenueMonthsCsv(report).rows).toHaveLength(6);
  });

  it("names lines tied to no space, and writes exact decimals", () => {
    expect(revenueSpacesCsv(report).rows).toEqual([
      ["Grand Hall", "EUR", 2, "2500.00", "525.00", "3025.00"],
      ["Not tied to a space", "EUR", 1, "500.00", "105.00", "605.00"],
    ]);
    expect(revenueCategoriesCsv(report)).toEqual({
      header: ["Category", "Currency", "Accepted quotes", "Excl. tax", "Tax", "Incl. tax"],
      rows: [["room", "EUR", 2, "3000.00", "630.00", "3630.00"]],
    });
  });

  it("guards a name a spreadsheet would run as a formula", () => {
    const body = csvDocument({ filename: "x", ...revenueSpacesCsv({ ...report, by_space: [{ ...report.by_space[0]!, space_name: "=Hall" }] }) }).body;
    expect(body.split("\n")[1]).toBe("'=Hall,EUR,2,2500.00,525.00,3025.00");
  });
});

describe("tableIsQuiet", () => {
  const row = { id: 1, name: "Ann", conversations_count: 0, resolved_conversations_count: 0, avg_resolution_time: null, avg_first_response_time: null, avg_reply_time: null };
  it.each([
    [[], true],
    [[row], true],
    [[row, { ...row, id: 2, conversations_count: 1 }], false],
    // A reply in the range to an older conversation is activity too.
    [[{ ...row, avg_reply_time: 30 }], false],
  ])("%j → %s", (rows, quiet) => expect(tableIsQuiet(rows)).toBe(quiet));
});

describe("moneyTicks", () => {
  it.each([
    [3225, [0, 1000, 2000, 3000, 4000]],
    [4000, [0, 1000, 2000, 3000, 4000]],
    [4001, [0, 2000, 4000, 6000]],
    [950, [0, 250, 500, 750, 1000]],
    [18_140, [0, 5000, 10_000, 15_000, 20_000]],
    [7, [0, 2, 4, 6, 8]],
    [0, [0, 1]],
  ])("%s → %j", (max, ticks) => expect(moneyTicks(max)).toEqual(ticks));
});
