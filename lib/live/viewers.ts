import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { accountUsers } from "@/db/schema";
import { accountContext, type UserCaller } from "@/lib/auth/caller";
import type { InboxVisibility } from "@/lib/conversations/visibility";
import { ApiError } from "@/lib/http/errors";
import { visibleInboxIds } from "@/lib/inboxes/inboxes";
import type { UserViewer } from "./audience";

/**
 * What a signed-in user may hear: each account they are a member of (or only `accountId`, left
 * out when they are not one), with the inboxes the API's rule lets them see there. A
 * snapshot: streams reload it (lib/live/stream.ts) so a change of role or inbox membership applies.
 */
export const loadUserViewer = async (db: DbOrTx, caller: UserCaller, accountId?: number): Promise<UserViewer> => {
  const memberships =
    accountId === undefined
      ? await db.select({ accountId: accountUsers.accountId }).from(accountUsers).where(eq(accountUsers.userId, caller.user.id))
      : [{ accountId }];
  const accounts = new Map<number, InboxVisibility>();
  for (const membership of memberships) {
    const ctx = await accountContext(db, caller, membership.accountId).catch((error: unknown) => {
      // Not (or no longer) a member: the account is left out.
      if (error instanceof ApiError && error.code === "not_found") return null;
      throw error;
    });
    if (!ctx) continue;
    const visible = await visibleInboxIds(ctx);
    accounts.set(membership.accountId, visible === "all" ? "all" : new Set(visible));
  }
  return { kind: "user", userId: caller.user.id, accounts };
};
