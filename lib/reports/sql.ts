import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { conversations } from "@/db/schema";
import { statusValue } from "@/lib/conversations/conversations";
import { isUnattended } from "@/lib/conversations/list-conversations";
import type { ReportWindow, ReportZone } from "./window";

/** SQL fragments every report shares: instants, windows, the caller's time zone, conversation states. */

export const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** Chatwoot's ranges take both ends (`since..until`). */
export const within = (time: SQL, window: ReportWindow) => sql`${time} between ${at(window.since)} and ${at(window.until)}`;

/** The zone as PostgreSQL's AT TIME ZONE takes it: a named zone (with its DST), or a fixed offset as an ISO-signed interval. */
export const zoneSql = (zone: ReportZone): SQL =>
  zone.name !== undefined ? sql`${zone.name}::text` : sql`make_interval(mins => ${zone.offsetMinutes})`;

/** What a conversation is, as Chatwoot's scopes say it; every report counting live conversations uses these. */
export const isOpen: SQL = eq(conversations.status, statusValue("open"));
export const isPending: SQL = eq(conversations.status, statusValue("pending"));
export const isUnassigned: SQL = isNull(conversations.assigneeId);

/** Chatwoot's live counts over a set of conversations: open, open ∧ unattended, open ∧ unassigned, pending. */
export const liveCounts = {
  open: sql<number>`count(*) filter (where ${isOpen})::int`,
  unattended: sql<number>`count(*) filter (where ${and(isOpen, isUnattended)})::int`,
  unassigned: sql<number>`count(*) filter (where ${and(isOpen, isUnassigned)})::int`,
  pending: sql<number>`count(*) filter (where ${isPending})::int`,
};
