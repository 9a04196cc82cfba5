import { asc, eq } from "drizzle-orm";
import { accountUsers, inboxes, labels, teams, users, type ChannelType } from "@/db/schema";
import type { AccountCtx } from "@/lib/auth/caller";
import type { SummaryDimension } from "./summary-reports";

export type ReportRecord = { id: number; name: string; channelType?: ChannelType };

/**
 * The account's agents (its members, by user id), inboxes, teams or labels (by title), ids
 * ascending, named as reports show them: the rows of the CSV downloads and the portal's tables.
 */
export const reportRecords = async (ctx: AccountCtx, dimension: SummaryDimension): Promise<ReportRecord[]> => {
  const account = ctx.account.id;
  if (dimension === "agent") {
    return ctx.db
      .select({ id: users.id, name: users.name })
      .from(accountUsers)
      .innerJoin(users, eq(users.id, accountUsers.userId))
      .where(eq(accountUsers.accountId, account))
      .orderBy(asc(users.id));
  }
  if (dimension === "inbox") {
    return ctx.db.select({ id: inboxes.id, name: inboxes.name, channelType: inboxes.channelType }).from(inboxes).where(eq(inboxes.accountId, account)).orderBy(asc(inboxes.id));
  }
  if (dimension === "team") return ctx.db.select({ id: teams.id, name: teams.name }).from(teams).where(eq(teams.accountId, account)).orderBy(asc(teams.id));
  return ctx.db.select({ id: labels.id, name: labels.title }).from(labels).where(eq(labels.accountId, account)).orderBy(asc(labels.id));
};
