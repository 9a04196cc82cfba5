import { and, eq, notInArray } from "drizzle-orm";
import { anyOf } from "@/db/any";
import { accountUsers, inboxMembers } from "@/db/schema";
import { listAgents, type AgentRow } from "@/lib/agents/agents";
import { requireAdmin } from "@/lib/auth/authorize";
import type { AccountCtx } from "@/lib/auth/caller";
import { fieldError } from "@/lib/http/errors";
import { findAccountInbox, findInbox } from "./inboxes";
import type { InboxMembersInput } from "./schemas";

/** De-duplicated ids, all of them members of the account, or a 422 naming `user_ids`. */
export const ensureAccountMembers = async (ctx: AccountCtx, userIds: readonly number[]): Promise<number[]> => {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return ids;
  const found = await ctx.db
    .select({ userId: accountUsers.userId })
    .from(accountUsers)
    .where(and(eq(accountUsers.accountId, ctx.account.id), anyOf(accountUsers.userId, ids)));
  if (found.length !== ids.length) throw fieldError("user_ids", "must all be agents of this account");
  return ids;
};

/** The account's agents among `userIds`, in the agents list's order (one query, whatever the count). */
export const agentsAmong = async (ctx: AccountCtx, userIds: readonly number[]): Promise<AgentRow[]> => {
  if (userIds.length === 0) return [];
  const wanted = new Set(userIds);
  return (await listAgents(ctx)).filter((agent) => wanted.has(agent.userId));
};

const memberIds = async (ctx: AccountCtx, inboxId: number) =>
  (
    await ctx.db
      .select({ userId: inboxMembers.userId })
      .from(inboxMembers)
      .where(and(eq(inboxMembers.accountId, ctx.account.id), eq(inboxMembers.inboxId, inboxId)))
  ).map((row) => row.userId);

export const listInboxMembers = async (ctx: AccountCtx, inboxId: number): Promise<AgentRow[]> => {
  await findInbox(ctx, inboxId);
  return agentsAmong(ctx, await memberIds(ctx, inboxId));
};

const insertMembers = async (ctx: AccountCtx, inboxId: number, userIds: readonly number[]) => {
  if (userIds.length === 0) return;
  await ctx.db
    .insert(inboxMembers)
    .values(userIds.map((userId) => ({ accountId: ctx.account.id, inboxId, userId })))
    .onConflictDoNothing();
};

/**
 * Membership writes lock the inbox row, so a concurrent replace and add apply one after the
 * other rather than interleaving.
 */
const changeMembers = async (ctx: AccountCtx, input: InboxMembersInput, change: (tx: AccountCtx, ids: number[]) => Promise<void>) => {
  requireAdmin(ctx, "agents.manage");
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    await findAccountInbox(tx, input.inbox_id, { lock: true });
    await change(tx, await ensureAccountMembers(tx, input.user_ids));
    return agentsAmong(tx, await memberIds(tx, input.inbox_id));
  });
};

export const addInboxMembers = (ctx: AccountCtx, input: InboxMembersInput) =>
  changeMembers(ctx, input, (tx, ids) => insertMembers(tx, input.inbox_id, ids));

export const replaceInboxMembers = (ctx: AccountCtx, input: InboxMembersInput) =>
  changeMembers(ctx, input, async (tx, ids) => {
    await tx.db
      .delete(inboxMembers)
      .where(
        and(
          eq(inboxMembers.accountId, ctx.account.id),
          eq(inboxMembers.inboxId, input.inbox_id),
          ids.length > 0 ? notInArray(inboxMembers.userId, ids) : undefined,
        ),
      );
    await insertMembers(tx, input.inbox_id, ids);
  });

export const removeInboxMembers = async (ctx: AccountCtx, input: InboxMembersInput) => {
  await changeMembers(ctx, input, async (tx, ids) => {
    if (ids.length === 0) return;
    await tx.db
      .delete(inboxMembers)
      .where(
        and(eq(inboxMembers.accountId, ctx.account.id), eq(inboxMembers.inboxId, input.inbox_id), anyOf(inboxMembers.userId, ids)),
      );
  });
};
