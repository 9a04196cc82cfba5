import { describe, expect, it } from "vitest";
import { chartIsEmpty, chartPoints, durationTicks, reportCharts } from "@/components/reports/chart-data";
import { bucketLabels, reportDelta, reportHref, type ReportUrlState } from "@/components/reports/report-model";
import { defaultGrouping, groupingsFor, readReportOptions, type ChartedMetric, type ReportPoint } from "@/lib/portal/loaders/reports";

const at = (iso: string) => Date.parse(iso) / 1000;

describe("groupings by range length", () => {
  it.each([
    // days, offered, default
    [1, ["day"], "day"],
    [7, ["day"], "day"],
    [8, ["day", "week"], "day"],
    [30, ["day", "week"], "day"],
    [31, ["day", "week"], "day"],
    [32, ["day", "week", "month"], "week"],
    [90, ["day", "week", "month"], "week"],
    [92, ["day", "week", "month"], "week"],
    [93, ["week", "month"], "week"],
    [183, ["week", "month"], "week"],
    [184, ["week", "month"], "month"],
    [366, ["week", "month"], "month"],
  ] as const)("%s days → %j, %s by default", (days, offered, chosen) => {
    expect(groupingsFor(days)).toEqual(offered);
    expect(defaultGrouping(days)).toBe(chosen);
    expect(offered).toContain(chosen);
  });

  it.each([
    // params, groupBy, businessHours
    [{ range: "90d", group_by: "month" }, "month", false],
    // Weeks do not suit 7 days: the range's own grouping instead.
    [{ range: "7d", group_by: "week" }, "day", false],
    [{ range: "30d", group_by: "year" }, "day", false],
    [{ range: "90d" }, "week", false],
    [{ range: "30d", business_hours: "true" }, "day", true],
    [{ range: "30d", business_hours: "1" }, "day", false],
  ] as const)("%j → by %s, business hours %s", (params, groupBy, businessHours) => {
    const options = readReportOptions(params, "UTC", new Date("2026-11-23T22:30:00Z"));
    expect([options.groupBy, options.businessHours]).toEqual([groupBy, businessHours]);
  });
});

describe("reportDelta", () => {
  it.each([
    // current, previous, upIsGood, delta
    [null, 5, false, { kind: "none" }],
    [5, null, false, { kind: "none" }],
    [0, 0, null, { kind: "same" }],
    [10, 10, true, { kind: "same" }],
    // Nothing before: no percentage to give.
    [10, 0, null, { kind: "none" }],
    [15, 10, null, { kind: "change", direction: "up", percent: 50, tone: "neutral" }],
    [5, 10, true, { kind: "change", direction: "down", percent: 50, tone: "bad" }],
    [12, 10, true, { kind: "change", direction: "up", percent: 20, tone: "good" }],
    // A longer wait is bad news, a shorter one good.
    [7200, 3600, false, { kind: "change", direction: "up", percent: 100, tone: "bad" }],
    [1800, 3600, false, { kind: "change", direction: "down", percent: 50, tone: "good" }],
    [1, 3, null, { kind: "change", direction: "down", percent: 67, tone: "neutral" }],
    // Under half a percent rounds to 0: still a change, said as "under 1%".
    [1001, 1000, true, { kind: "change", direction: "up", percent: 0, tone: "good" }],
  ] as const)("%s after %s (up good: %s) → %j", (current, previous, upIsGood, delta) =>
    expect(reportDelta(current, previous, upIsGood)).toEqual(delta),
  );
});

describe("bucketLabels", () => {
  it.each([
    // timestamp, grouping, zone, short, long
    [at("2026-11-22T23:00:00Z"), "day", "Europe/Amsterdam", "23 Nov", "Mon, 23 Nov 2026"],
    // 25 Oct 2026 begins in summer time (+2) in Amsterdam.
    [at("2026-10-24T22:00:00Z"), "day", "Europe/Amsterdam", "25 Oct", "Sun, 25 Oct 2026"],
    // A bucket cut at a fixed +2 after the clocks went back starts at 23:00 the evening before: still 1 Nov.
    [at("2026-10-31T22:00:00Z"), "day", "Europe/Amsterdam", "1 Nov", "Sun, 1 Nov 2026"],
    [at("2026-11-23T00:00:00Z"), "week", "UTC", "23 Nov", "Week of 23 Nov 2026"],
    [at("2026-10-01T00:00:00Z"), "month", "UTC", "Oct 2026", "October 2026"],
    [at("2026-09-30T14:00:00Z"), "month", "Pacific/Auckland", "Oct 2026", "October 2026"],
  ] as const)("%s by %s in %s → %s / %s", (timestamp, grouping, zone, short, long) =>
    expect(bucketLabels(timestamp, grouping, zone)).toEqual({ short, long }),
  );
});

describe("reportHref", () => {
  const base = "/app/accounts/1/reports";
  const state: ReportUrlState = { preset: "30d", from: "2026-10-25", to: "2026-11-23", groupBy: "day", defaultGroupBy: "day", businessHours: false };
  it.each([
    [state, { preset: "7d" }, `${base}?range=7d`],
    // A new range takes its own grouping; business hours stay.
    [{ ...state, groupBy: "week", businessHours: true }, { preset: "90d" }, `${base}?range=90d&business_hours=true`],
    [state, { businessHours: true }, `${base}?range=30d&business_hours=true`],
    [{ ...state, businessHours: true }, { businessHours: false }, `${base}?range=30d`],
    [state, { groupBy: "week" }, `${base}?range=30d&group_by=week`],
    // A custom range keeps its dates and a grouping other than its default.
    [
      { ...state, preset: "custom", from: "2026-01-01", to: "2026-03-31", groupBy: "month", defaultGroupBy: "week" },
      { businessHours: true },
      `${base}?from=2026-01-01&to=2026-03-31&group_by=month&business_hours=true`,
    ],
    [{ ...state, preset: "custom", from: "2026-01-01", to: "2026-03-31", groupBy: "month", defaultGroupBy: "week" }, { groupBy: "week" }, `${base}?from=2026-01-01&to=2026-03-31`],
  ] as const)("%j + %j → %s", (current, change, href) => expect(reportHref(base, current as ReportUrlState, change)).toBe(href));
});

describe("chartPoints", () => {
  const day = (date: string) => at(`${date}T00:00:00Z`);
  const count = (values: number[]): ReportPoint[] => values.map((value, index) => ({ value, timestamp: day(`2026-11-0${index + 1}`) }));
  const average = (values: [number, number][]): ReportPoint[] =>
    values.map(([value, n], index) => ({ value, count: n, timestamp: day(`2026-11-0${index + 1}`) }));
  const series = {
    conversations_count: count([2, 0, 5]),
    incoming_messages_count: count([4, 1, 0]),
    outgoing_messages_count: count([3, 0, 2]),
    resolutions_count: count([0, 0, 0]),
    avg_first_response_time: average([
      [90, 2],
      [0, 0],
      [30, 1],
    ]),
    avg_resolution_time: average([
      [0, 0],
      [0, 0],
      [0, 0],
    ]),
    reply_time: average([
      [0, 1],
      [0, 0],
      [0, 0],
    ]),
  } satisfies Record<ChartedMetric, ReportPoint[]>;
  const spec = (id: string) => reportCharts.find((chart) => chart.id === id)!;

  it("puts received and sent in one row per day, named in the zone", () => {
    expect(chartPoints(spec("messages"), series, "day", "UTC")).toEqual([
      { timestamp: day("2026-11-01"), label: "1 Nov", title: "Sun, 1 Nov 2026", incoming_messages_count: 4, outgoing_messages_count: 3 },
      { timestamp: day("2026-11-02"), label: "2 Nov", title: "Mon, 2 Nov 2026", incoming_messages_count: 1, outgoing_messages_count: 0 },
      { timestamp: day("2026-11-03"), label: "3 Nov", title: "Tue, 3 Nov 2026", incoming_messages_count: 0, outgoing_messages_count: 2 },
    ]);
  });

  it("leaves an average with nothing measured out (a gap), not at zero", () => {
    expect(chartPoints(spec("avg_first_response_time"), series, "day", "UTC").map((point) => point.avg_first_response_time)).toEqual([90, null, 30]);
  });

  it.each([
    ["conversations", false],
    ["resolutions", true],
    ["avg_resolution_time", true],
    // One reply measured at 0 seconds is a figure, not an empty chart.
    ["reply_time", false],
  ])("%s is empty: %s", (id, empty) => expect(chartIsEmpty(spec(id), chartPoints(spec(id), series, "day", "UTC"))).toBe(empty));
});

describe("durationTicks", () => {
  it.each([
    // Sub-second averages still get an axis that reads.
    [0, [0, 1]],
    [0.05, [0, 1]],
    [42, [0, 15, 30, 45]],
    [90, [0, 30, 60, 90]],
    [3000, [0, 900, 1800, 2700, 3600]],
    [7200, [0, 1800, 3600, 5400, 7200]],
    [200_000, [0, 86_400, 172_800, 259_200]],
    [5_000_000, [0, 1_814_400, 3_628_800, 5_443_200]],
  ])("largest %s s → %j", (max, ticks) => expect(durationTicks(max)).toEqual(ticks));
});
