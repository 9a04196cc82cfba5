import type { AccountCtx } from "@/lib/auth/caller";
import { ApiError } from "@/lib/http/errors";
import { addDays, dayClock, isLocalDate, localDateOf } from "@/lib/planning/time";
import { venueZone } from "@/lib/planning/venue-zone";
import { reportSummary } from "@/lib/reports/reports";
import { firstParam } from "@/lib/portal/context";

/** The ranges the Reports page offers; `custom` reads `from` and `to` (local dates, both included). */
export const reportPresets = { "7d": 7, "30d": 30, "90d": 90 } as const;
export type ReportPreset = keyof typeof reportPresets | "custom";

export type ReportRange = {
  preset: ReportPreset;
  /** First and last local date of the range, both included. */
  from: string;
  to: string;
  timeZone: string;
  since: Date;
  until: Date;
  /** Set when the URL asked for something unusable and the default was shown instead. */
  corrected: boolean;
};

const maxRangeDays = 366;

/**
 * The range a Reports URL asks for, in the venue's zone: `range=7d|30d|90d` ends today; `from`
 * and `to` (YYYY-MM-DD, strict) name whole local days. Anything unusable (an impossible date,
 * `from` after `to`, more than a year, a start in the future) falls back to the last 30 days.
 * Pure: `now` and the zone are given.
 */
export const readReportRange = (params: Record<string, string | string[] | undefined>, timeZone: string, now: Date): ReportRange => {
  const today = localDateOf(now, timeZone);
  const startOf = (date: string) => new Date(dayClock(date, timeZone).boundary(0));
  const last = (days: number, preset: ReportPreset, corrected = false): ReportRange => {
    const from = addDays(today, 1 - days);
    return { preset, from, to: today, timeZone, since: startOf(from), until: now, corrected };
  };
  const range = firstParam(params.range);
  const from = firstParam(params.from);
  const to = firstParam(params.to);
  if (from !== undefined || to !== undefined) {
    const usable =
      isLocalDate(from) && isLocalDate(to) && from <= to && from <= today && addDays(from, maxRangeDays - 1) >= to;
    if (!usable) return last(30, "30d", true);
    const end = new Date(dayClock(addDays(to, 1), timeZone).boundary(0));
    return { preset: "custom", from, to, timeZone, since: startOf(from), until: end < now ? end : now, corrected: false };
  }
  if (range === undefined || range === "") return last(30, "30d");
  if (range in reportPresets) return last(reportPresets[range as keyof typeof reportPresets], range as ReportPreset);
  return last(30, "30d", true);
};

export type ReportsView =
  | { allowed: false }
  | { allowed: true; range: ReportRange; summary: Awaited<ReturnType<typeof reportSummary>> };

/** The Reports page: the API's summary (GET reports/summary) over the range the URL names. */
export const loadReports = async (ctx: AccountCtx, params: Record<string, string | string[] | undefined>, now = new Date()): Promise<ReportsView> => {
  const range = readReportRange(params, await venueZone(ctx), now);
  try {
    const summary = await reportSummary(ctx, {
      type: "account",
      since: Math.floor(range.since.getTime() / 1000),
      until: Math.floor(range.until.getTime() / 1000),
    });
    return { allowed: true, range, summary };
  } catch (error) {
    // The service decides who may read reports (report_manage), as for the API.
    if (error instanceof ApiError && error.code === "forbidden") return { allowed: false };
    throw error;
  }
};
