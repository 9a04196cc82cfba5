import { and, eq, inArray, type AnyColumn, type Placeholder, type SQL } from "drizzle-orm";
import { conversations, inboxMembers } from "@/db/schema";
import type { DbOrTx } from "@/db/client";
import type { AccountCtx } from "@/lib/auth/caller";
import { isAdministrator } from "@/lib/auth/permissions";

/**
 * Which of the account's conversations the caller may see (Chatwoot's rule): administrators all
 * of them, agents those of inboxes they are members of. Bots act on the routes they are allowed,
 * and the Client API reaches a conversation only through its own session, so neither is narrowed
 * here. Every list, count, search, filter and lookup of conversations applies it.
 */
export const visibleConversations = (ctx: AccountCtx): SQL | undefined => visibleInboxIds(ctx, conversations.inboxId);

/** The member whose inboxes narrow what the caller sees, or null when nothing is narrowed. */
export const narrowedToMember = (ctx: AccountCtx): { accountId: number; userId: number } | null =>
  ctx.caller.kind !== "user" || !ctx.membership || isAdministrator(ctx.membership) ? null : { accountId: ctx.account.id, userId: ctx.caller.user.id };

/**
 * The narrowing itself, for a member of an account: values, or placeholders in a query built
 * once (`sql.placeholder`).
 */
export const memberInboxIds = (db: DbOrTx, inboxId: AnyColumn, member: { accountId: number | Placeholder; userId: number | Placeholder }) =>
  inArray(
    inboxId,
    db
      .select({ id: inboxMembers.inboxId })
      .from(inboxMembers)
      .where(and(eq(inboxMembers.accountId, member.accountId), eq(inboxMembers.userId, member.userId))),
  );

/** The same rule over any inbox id column (the conversation counters are kept per inbox). */
export const visibleInboxIds = (ctx: AccountCtx, inboxId: AnyColumn): SQL | undefined => {
  const member = narrowedToMember(ctx);
  return member ? memberInboxIds(ctx.db, inboxId, member) : undefined;
};

/** What one member sees of an account's inboxes: all of them, or those they are members of (lib/inboxes/inboxes.ts `visibleInboxIds`). */
export type InboxVisibility = "all" | ReadonlySet<number>;

/** The rule above over a loaded snapshot, for what filters without a query (the live streams). */
export const canSeeInbox = (visible: InboxVisibility, inboxId: number) => visible === "all" || visible.has(inboxId);
