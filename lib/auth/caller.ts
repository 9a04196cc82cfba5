import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { accessTokens, accountUsers, accounts, agentBots, platformApps, users } from "@/db/schema";
import { ApiError, notFound } from "@/lib/http/errors";
import type { Membership } from "./permissions";
import { tokenDigest } from "./tokens";

export type User = typeof users.$inferSelect;
export type Account = typeof accounts.$inferSelect;
export type AgentBot = typeof agentBots.$inferSelect;
export type PlatformApp = typeof platformApps.$inferSelect;

export type UserCaller = { kind: "user"; user: User };
export type BotCaller = { kind: "agent_bot"; bot: AgentBot };
export type PlatformCaller = { kind: "platform_app"; app: PlatformApp };
/** A customer on the Client API: no token, known only by an inbox session (source id). */
export type ContactCaller = { kind: "contact"; contactId: number };
export type Caller = UserCaller | BotCaller | PlatformCaller | ContactCaller;
export type CallerKind = Caller["kind"];

/** What every service receives: where to run queries, and who is asking. */
export type Ctx<C extends Caller = Caller> = { db: DbOrTx; caller: C };
export type AccountMembership = Membership & { id: number };
/** An account-scoped request: the account, and the caller's membership in it (none for bots). */
export type AccountCtx<C extends Caller = Caller> = Ctx<C> & { account: Account; membership: AccountMembership | null };

export const invalidToken = () => new ApiError("unauthorized", "Invalid Access Token");

/** Resolves an `api_access_token` to its owner; unknown tokens and vanished owners are 401. */
export const callerFromToken = async (db: DbOrTx, token: string): Promise<Caller> => {
  const [row] = await db.select().from(accessTokens).where(eq(accessTokens.tokenDigest, tokenDigest(token))).limit(1);
  if (!row) throw invalidToken();
  if (row.ownerType === "User") {
    const [user] = await db.select().from(users).where(eq(users.id, row.ownerId));
    if (user) return { kind: "user", user };
  } else if (row.ownerType === "AgentBot") {
    const [bot] = await db.select().from(agentBots).where(eq(agentBots.id, row.ownerId));
    if (bot) return { kind: "agent_bot", bot };
  } else {
    const [app] = await db.select().from(platformApps).where(eq(platformApps.id, row.ownerId));
    if (app) return { kind: "platform_app", app };
  }
  throw invalidToken();
};

/**
 * Scopes a caller to one account. A user must be a member and a bot must belong to it;
 * anything else is answered as if the account did not exist, so ids reveal nothing.
 */
export const accountContext = async <C extends UserCaller | BotCaller>(
  db: DbOrTx,
  caller: C,
  accountId: number,
): Promise<AccountCtx<C>> => {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  if (!account) throw notFound("Account");
  if (caller.kind === "agent_bot") {
    if (caller.bot.accountId !== account.id) throw notFound("Account");
    return { db, caller, account, membership: null };
  }
  const [membership] = await db
    .select({ id: accountUsers.id, role: accountUsers.role, permissions: accountUsers.permissions })
    .from(accountUsers)
    .where(and(eq(accountUsers.accountId, account.id), eq(accountUsers.userId, caller.user.id)));
  if (!membership) throw notFound("Account");
  return { db, caller, account, membership };
};
