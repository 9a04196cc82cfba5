import { and, eq } from "drizzle-orm";
import { anyOf } from "@/db/any";
import { accountUsers, inboxes, labels, teams } from "@/db/schema";
import type { AccountCtx } from "@/lib/auth/caller";
import { notFound } from "@/lib/http/errors";

/*
 * Filters naming records (inbox_ids[], team_id, user_id, …) must name the account's own: another
 * account's id is a 404, as in a path, never a silently empty report.
 */
const tables = {
  inbox: { table: inboxes, id: inboxes.id, account: inboxes.accountId },
  label: { table: labels, id: labels.id, account: labels.accountId },
  team: { table: teams, id: teams.id, account: teams.accountId },
  agent: { table: accountUsers, id: accountUsers.userId, account: accountUsers.accountId },
} as const;

export const requireOwned = async (ctx: AccountCtx, kind: keyof typeof tables, ids: readonly number[]) => {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  const { table, id, account } = tables[kind];
  const found = await ctx.db.select({ id }).from(table).where(and(eq(account, ctx.account.id), anyOf(id, wanted)));
  if (found.length !== wanted.length) throw notFound(kind);
};
