import type { PlanningEventStatus } from "@/db/schema";
import { formatAmount } from "@/lib/pricing/money";
import type { Cell } from "@/lib/reports/csv";
import type { OccupancyReport, PipelineReport, RevenueReport } from "@/lib/reports/planning/schemas";
import Big from "big.js";

/*
 * The venue reports as the Reports page shows them, as pure functions (no React, no queries):
 * the funnel's order, the heat map's rows and shades, revenue per month per currency, and each
 * table's rows as CSV cells — the page and its downloads read the same rows.
 */

type PipelineStatus = PipelineReport["statuses"][number];

/** The funnel's stages, in the order an event moves through them; lost and cancelled events are shown apart. */
export const funnelStages = ["lead", "tentative", "definite"] as const satisfies readonly PlanningEventStatus[];
export const apartStages = ["lost", "cancelled"] as const satisfies readonly PlanningEventStatus[];

export type FunnelStage = PipelineStatus & { share: number };

/**
 * The pipeline as a funnel: the live stages in order with each one's share of the largest (for
 * the bar's width; 0 when there are no events), then lost and cancelled apart.
 */
export const pipelineFunnel = (report: PipelineReport): { stages: FunnelStage[]; apart: PipelineStatus[]; events: number } => {
  const of = (status: PlanningEventStatus): PipelineStatus => report.statuses.find((row) => row.status === status) ?? { status, events: 0, quoted: [] };
  const stages = funnelStages.map(of);
  const largest = Math.max(0, ...stages.map((stage) => stage.events));
  const apart = apartStages.map(of);
  return {
    stages: stages.map((stage) => ({ ...stage, share: largest === 0 ? 0 : stage.events / largest })),
    apart,
    events: [...stages, ...apart].reduce((sum, stage) => sum + stage.events, 0),
  };
};

/** A heat-map cell's shade: closed all week, or 0 (nothing booked) to 4 (three quarters or more booked). */
export type OccupancyShade = "closed" | 0 | 1 | 2 | 3 | 4;

/** Quarters of the open hours: any booking at all is at least shade 1, so a short one never reads as empty. */
export const occupancyShade = (occupancy: number | null): OccupancyShade => {
  if (occupancy === null) return "closed";
  if (occupancy <= 0) return 0;
  if (occupancy < 0.25) return 1;
  if (occupancy < 0.5) return 2;
  if (occupancy < 0.75) return 3;
  return 4;
};

type OccupancySpace = OccupancyReport["spaces"][number];
export type OccupancyRow = OccupancySpace & { depth: number };

/**
 * The heat map's rows: every space under its parent (depth 0 for a space whose parent is not in
 * the report), siblings in the report's order (position, then name).
 */
export const occupancyRows = (report: OccupancyReport): OccupancyRow[] => {
  const present = new Set(report.spaces.map((space) => space.space_id));
  const children = new Map<string | null, OccupancySpace[]>();
  for (const space of report.spaces) {
    const parent = space.parent_id !== null && present.has(space.parent_id) ? space.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), space]);
  }
  const rows: OccupancyRow[] = [];
  const visit = (parent: string | null, depth: number) => {
    for (const space of children.get(parent) ?? []) {
      rows.push({ ...space, depth });
      visit(space.space_id, depth + 1);
    }
  };
  visit(null, 0);
  return rows;
};

/** Hours as the heat map and its download write them: at most one decimal ("12", "7.5"). */
export const hours = (value: number) => String(Math.round(value * 10) / 10);

/** A share as a whole percentage ("42%"), or "closed". */
export const occupancyPercent = (occupancy: number | null) => (occupancy === null ? "closed" : `${Math.round(occupancy * 100)}%`);

type Amounts = RevenueReport["totals"][number];

/**
 * Revenue per month for one currency at a time (never added across currencies): every month of
 * the range for each currency with revenue, a month without any at zero.
 */
export const revenueByMonth = (report: RevenueReport): { currency: string; months: (Amounts & { month: string })[] }[] =>
  report.totals.map(({ currency }) => {
    const zero = formatAmount(new Big(0), currency);
    return {
      currency,
      months: report.months.map(({ month, currencies }) => ({
        month,
        ...(currencies.find((amounts) => amounts.currency === currency) ?? { currency, quotes: 0, total_excl_tax: zero, total_tax: zero, total_incl_tax: zero }),
      })),
    };
  });

/** A download: its file name (without .csv), header and rows. */
export type VenueCsvTable = { filename: string; header: string[]; rows: Cell[][] };

const amountCells = (amounts: Amounts): Cell[] => [amounts.currency, amounts.quotes, amounts.total_excl_tax, amounts.total_tax, amounts.total_incl_tax];
const amountHeader = ["Currency", "Accepted quotes", "Excl. tax", "Tax", "Incl. tax"];

/** What a space-less revenue line is called (catering, extras). */
export const noSpace = "Not tied to a space";

/** The pipeline's rows: one per status and currency quoted, a status without quotes on one row with empty money. */
export const pipelineCsv = (report: PipelineReport): Omit<VenueCsvTable, "filename"> => ({
  header: ["Status", "Events", "Currency", "Events quoted", "Quoted excl. tax", "Quoted incl. tax"],
  rows: [...funnelStages, ...apartStages].flatMap((status): Cell[][] => {
    const row = report.statuses.find((candidate) => candidate.status === status) ?? { status, events: 0, quoted: [] };
    return row.quoted.length === 0
      ? [[status, row.events, null, 0, null, null]]
      : row.quoted.map((quoted) => [status, row.events, quoted.currency, quoted.events, quoted.total_excl_tax, quoted.total_incl_tax]);
  }),
});

export const revenueMonthsCsv = (report: RevenueReport): Omit<VenueCsvTable, "filename"> => ({
  header: ["Month", ...amountHeader],
  rows: revenueByMonth(report).flatMap(({ months }) => months.map((month) => [month.month, ...amountCells(month)])),
});

export const revenueSpacesCsv = (report: RevenueReport): Omit<VenueCsvTable, "filename"> => ({
  header: ["Space", ...amountHeader],
  rows: report.by_space.map((row) => [row.space_name ?? noSpace, ...amountCells(row)]),
});

export const revenueCategoriesCsv = (report: RevenueReport): Omit<VenueCsvTable, "filename"> => ({
  header: ["Category", ...amountHeader],
  rows: report.by_category.map((row) => [row.category, ...amountCells(row)]),
});

/**
 * The heat map, one row per space and week (spaces in the map's order, then the venue's total),
 * with the hours behind each cell's shade; the occupancy a share of the open hours.
 */
export const occupancyCsv = (report: OccupancyReport): Omit<VenueCsvTable, "filename"> => {
  const cells = (name: string, parent: string | null, week: OccupancyReport["totals"][number]): Cell[] => [
    name,
    parent,
    week.week,
    hours(week.open_hours),
    hours(week.booked_hours),
    hours(week.held_hours),
    week.occupancy === null ? null : Math.round(week.occupancy * 1000) / 1000,
  ];
  const names = new Map(report.spaces.map((space) => [space.space_id, space.name]));
  return {
    header: ["Space", "Inside", "Week of", "Open hours", "Booked hours", "Held hours", "Booked share"],
    rows: [
      ...occupancyRows(report).flatMap((space) => space.weeks.map((week) => cells(space.name, space.parent_id === null ? null : (names.get(space.parent_id) ?? null), week))),
      ...report.totals.map((week) => cells("All spaces", null, week)),
    ],
  };
};

/**
 * A money axis's ticks: from 0 to the first step of 1, 2, 2.5 or 5 × a power of ten at or above
 * the largest amount, four steps at most (€3,225 → 0, 1,000 … 4,000), so ticks read as round sums.
 */
export const moneyTicks = (max: number): number[] => {
  if (!(max > 0)) return [0, 1];
  const power = 10 ** Math.floor(Math.log10(max / 4));
  const step = [1, 2, 2.5, 5, 10].map((factor) => factor * power).find((size) => max / size <= 4)!;
  return Array.from({ length: Math.ceil(max / step) + 1 }, (_, index) => index * step);
};
