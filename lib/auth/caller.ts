import { and, eq, sql } from "drizzle-orm";
import { planOnce, type DbOrTx } from "@/db/client";
import { builtOnce } from "@/db/prepared";
import { plainRows } from "@/db/rows";
import { accessTokens, accountUsers, accounts, agentBots, platformApps, users } from "@/db/schema";
import { ApiError, notFound } from "@/lib/http/errors";
import type { Membership } from "./permissions";
import type { Scope } from "@/lib/oauth/scopes";
import { tokenDigest } from "./tokens";

export type User = typeof users.$inferSelect;
export type Account = typeof accounts.$inferSelect;
export type AgentBot = typeof agentBots.$inferSelect;
export type PlatformApp = typeof platformApps.$inferSelect;

/**
 * A user, by their access token or a browser session, or through an OAuth access token (`oauth`:
 * the client and the scopes the user granted it; its rights are those scopes ∩ the user's).
 */
export type UserCaller = { kind: "user"; user: User; oauth?: OAuthAccess };
export type OAuthAccess = { clientId: string; scopes: readonly Scope[]; grantId: string };
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

const tokenOwner = {
  ownerType: accessTokens.ownerType,
  user: users,
  bot: agentBots,
  app: platformApps,
};

/** The token's owner is whichever of the three its owner type names. */
const ownedBy = {
  user: and(eq(accessTokens.ownerType, "User"), eq(users.id, accessTokens.ownerId)),
  bot: and(eq(accessTokens.ownerType, "AgentBot"), eq(agentBots.id, accessTokens.ownerId)),
  app: and(eq(accessTokens.ownerType, "PlatformApp"), eq(platformApps.id, accessTokens.ownerId)),
};

const digestIs = (token: string) => eq(accessTokens.tokenDigest, tokenDigest(token));

const ownerOf = (row: { user: User | null; bot: AgentBot | null; app: PlatformApp | null } | undefined): Caller => {
  if (row?.user) return { kind: "user", user: row.user };
  if (row?.bot) return { kind: "agent_bot", bot: row.bot };
  if (row?.app) return { kind: "platform_app", app: row.app };
  throw invalidToken();
};

/*
 * Who is calling is found by unique keys (a token's digest, an account's id, a user's id), planned
 * once per connection whatever the tenant (planOnce): these run before every API request's work.
 */

/** Resolves an `api_access_token` to its owner in one query; unknown tokens and vanished owners are 401. */
export const callerFromToken = async (db: DbOrTx, token: string): Promise<Caller> => {
  const [row] = await planOnce(db)
    .select(tokenOwner)
    .from(accessTokens)
    .leftJoin(users, ownedBy.user)
    .leftJoin(agentBots, ownedBy.bot)
    .leftJoin(platformApps, ownedBy.app)
    .where(digestIs(token))
    .limit(1);
  return ownerOf(row);
};

type AccountRow = { account: Account | null; membershipId: number | null; role: Membership["role"] | null; permissions: Membership["permissions"] | null };

/**
 * A user must be a member and a bot must belong to the account; anything else is answered as
 * if the account did not exist, so ids reveal nothing.
 */
const scopeToAccount = <C extends UserCaller | BotCaller>(db: DbOrTx, caller: C, row: AccountRow | undefined): AccountCtx<C> => {
  if (!row?.account) throw notFound("Account");
  if (caller.kind === "agent_bot") {
    if (caller.bot.accountId !== row.account.id) throw notFound("Account");
    return { db, caller, account: row.account, membership: null };
  }
  if (row.membershipId === null || row.role === null || row.permissions === null) throw notFound("Account");
  return { db, caller, account: row.account, membership: { id: row.membershipId, role: row.role, permissions: row.permissions } };
};

/** Scopes a known caller to one account (one query). */
export const accountContext = async <C extends UserCaller | BotCaller>(
  db: DbOrTx,
  caller: C,
  accountId: number,
): Promise<AccountCtx<C>> => {
  const userId = caller.kind === "user" ? caller.user.id : -1;
  const [row] = await planOnce(db)
    .select({ account: accounts, membershipId: accountUsers.id, role: accountUsers.role, permissions: accountUsers.permissions })
    .from(accounts)
    .leftJoin(accountUsers, and(eq(accountUsers.accountId, accounts.id), eq(accountUsers.userId, userId)))
    .where(eq(accounts.id, accountId));
  return scopeToAccount(db, caller, row);
};

/** The token's owner, the account and the owner's membership in it: one statement, built once. */
const accountCallerQuery = builtOnce((db) =>
  plainRows(
    db
      .select({ ...tokenOwner, account: accounts, membershipId: accountUsers.id, role: accountUsers.role, permissions: accountUsers.permissions })
      .from(accessTokens)
      .leftJoin(users, ownedBy.user)
      .leftJoin(agentBots, ownedBy.bot)
      .leftJoin(platformApps, ownedBy.app)
      .leftJoin(accounts, eq(accounts.id, sql.placeholder("accountId")))
      .leftJoin(accountUsers, and(eq(accountUsers.accountId, accounts.id), eq(accountUsers.userId, users.id)))
      .where(eq(accessTokens.tokenDigest, sql.placeholder("digest")))
      .limit(1)
      .prepare("account_caller_from_token"),
  ),
);

/**
 * The token's owner and, in the same query, the account and the owner's membership in it: the
 * request path of every account route. `admit` refuses token kinds the route does not take
 * before the account is looked at.
 */
export const accountCallerFromToken = async <C extends UserCaller | BotCaller>(
  db: DbOrTx,
  token: string,
  accountId: number,
  admit: (caller: Caller) => C,
): Promise<AccountCtx<C>> => {
  const [row] = await accountCallerQuery(planOnce(db)).execute({ digest: tokenDigest(token), accountId });
  return scopeToAccount(db, admit(ownerOf(row)), row);
};

/**
 * An OAuth token's user in the account it was granted for (one query): the user must still be a
 * member, and a token granted for another account names no account here.
 */
export const oauthAccountContext = async (db: DbOrTx, grant: { userId: number; accountId: number } & OAuthAccess, accountId: number): Promise<AccountCtx<UserCaller>> => {
  if (grant.accountId !== accountId) throw notFound("Account");
  const [row] = await planOnce(db)
    .select({ user: users, account: accounts, membershipId: accountUsers.id, role: accountUsers.role, permissions: accountUsers.permissions })
    .from(users)
    .leftJoin(accounts, eq(accounts.id, accountId))
    .leftJoin(accountUsers, and(eq(accountUsers.accountId, accounts.id), eq(accountUsers.userId, users.id)))
    .where(eq(users.id, grant.userId))
    .limit(1);
  if (!row) throw invalidToken();
  const caller: UserCaller = { kind: "user", user: row.user, oauth: { clientId: grant.clientId, scopes: grant.scopes, grantId: grant.grantId } };
  return scopeToAccount(db, caller, row);
};

/** An OAuth token's user, for routes that name no account (the profile). */
export const oauthUserCaller = async (db: DbOrTx, grant: { userId: number } & OAuthAccess): Promise<UserCaller> => {
  const [user] = await planOnce(db).select().from(users).where(eq(users.id, grant.userId)).limit(1);
  if (!user) throw invalidToken();
  return { kind: "user", user, oauth: { clientId: grant.clientId, scopes: grant.scopes, grantId: grant.grantId } };
};
