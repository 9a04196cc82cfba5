import { and, asc, count, eq, ne } from "drizzle-orm";
import { accountUsers, accounts, conversations, inboxMembers, teamMembers, users } from "@/db/schema";
import { upsertMembership } from "@/lib/accounts/create-account";
import { announcePresence } from "./presence";
import { requireAdmin } from "@/lib/auth/authorize";
import type { AccountCtx } from "@/lib/auth/caller";
import { ApiError, fieldError, notFound } from "@/lib/http/errors";
import { createUser, findUserByEmail } from "@/lib/users/create-user";
import { avatarUrl } from "@/lib/users/present";
import type { CreateAgentInput, UpdateAgentInput } from "./schemas";

/** The columns an agent is presented from (users joined to account_users); other presenters batch-load with them. */
export const agentColumns = {
  userId: users.id,
  name: users.name,
  displayName: users.displayName,
  email: users.email,
  confirmedAt: users.confirmedAt,
  customAttributes: users.customAttributes,
  accountId: accountUsers.accountId,
  role: accountUsers.role,
  availability: accountUsers.availability,
  autoOffline: accountUsers.autoOffline,
};

const selectAgents = (ctx: AccountCtx) =>
  ctx.db.select(agentColumns).from(accountUsers).innerJoin(users, eq(users.id, accountUsers.userId));

export type AgentRow = Awaited<ReturnType<typeof selectAgents>>[number];

/** The account's members, by name. Every member may list them (they assign conversations to each other). */
export const listAgents = (ctx: AccountCtx): Promise<AgentRow[]> =>
  selectAgents(ctx).where(eq(accountUsers.accountId, ctx.account.id)).orderBy(asc(users.name), asc(users.id));

export const findAgent = async (ctx: AccountCtx, userId: number): Promise<AgentRow> => {
  const [agent] = await selectAgents(ctx).where(and(eq(accountUsers.accountId, ctx.account.id), eq(accountUsers.userId, userId)));
  if (!agent) throw notFound("Agent");
  return agent;
};

/**
 * An account must keep an administrator. Locking the account row serialises concurrent
 * demotions and removals, so two administrators cannot demote each other at once.
 */
const ensureAnotherAdministrator = async (ctx: AccountCtx, userId: number) => {
  await ctx.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, ctx.account.id)).for("update");
  const [row] = await ctx.db
    .select({ admins: count() })
    .from(accountUsers)
    .where(and(eq(accountUsers.accountId, ctx.account.id), eq(accountUsers.role, "administrator"), ne(accountUsers.userId, userId)));
  if (!row || row.admins === 0) throw new ApiError("invalid", "The account needs at least one other administrator", {
    errors: [{ field: "role", message: "the last administrator can't be demoted or removed", code: "invalid" }],
  });
};

/** Invites a user by email: an existing user joins the account, anyone else gets a new user. */
export const createAgent = async (ctx: AccountCtx, input: CreateAgentInput) => {
  requireAdmin(ctx, "agents.manage");
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    let user = await findUserByEmail(db, input.email);
    if (user) {
      const [member] = await db
        .select({ id: accountUsers.id })
        .from(accountUsers)
        .where(and(eq(accountUsers.accountId, ctx.account.id), eq(accountUsers.userId, user.id)));
      if (member) throw fieldError("email", "is already a member of this account", "taken");
    } else {
      user = await createUser(db, { name: input.name, email: input.email, password: input.password });
    }
    const inviterId = ctx.caller.kind === "user" ? ctx.caller.user.id : null;
    await upsertMembership(db, {
      accountId: ctx.account.id,
      userId: user.id,
      role: input.role,
      inviterId,
      availability: input.availability,
      autoOffline: input.auto_offline,
    });
    return findAgent(tx, user.id);
  });
};

export const updateAgent = async (ctx: AccountCtx, userId: number, input: UpdateAgentInput) => {
  requireAdmin(ctx, "agents.manage");
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const agent = await findAgent(tx, userId);
    if (input.role === "agent" && agent.role === "administrator") await ensureAnotherAdministrator(tx, userId);
    if (input.name !== undefined) await db.update(users).set({ name: input.name, updatedAt: new Date() }).where(eq(users.id, userId));
    await db
      .update(accountUsers)
      .set({ role: input.role, availability: input.availability, autoOffline: input.auto_offline, updatedAt: new Date() })
      .where(and(eq(accountUsers.accountId, ctx.account.id), eq(accountUsers.userId, userId)));
    const updated = await findAgent(tx, userId);
    // The account's screens show it at once (live `presence_update`).
    if (updated.availability !== agent.availability || updated.autoOffline !== agent.autoOffline) await announcePresence(db, [userId], ctx.account.id);
    return updated;
  });
};

/**
 * Removes the membership and what hangs off it in this account, as Chatwoot's Agents::DestroyJob
 * does: inbox and team memberships, and the assignments of their conversations (which go back
 * to Unassigned). The user, and anything they have in other accounts, stays.
 */
export const deleteAgent = async (ctx: AccountCtx, userId: number) => {
  requireAdmin(ctx, "agents.manage");
  await ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const agent = await findAgent(tx, userId);
    if (agent.role === "administrator") await ensureAnotherAdministrator(tx, userId);
    const accountId = ctx.account.id;
    await db.delete(inboxMembers).where(and(eq(inboxMembers.accountId, accountId), eq(inboxMembers.userId, userId)));
    await db.delete(teamMembers).where(and(eq(teamMembers.accountId, accountId), eq(teamMembers.userId, userId)));
    await db
      .update(conversations)
      .set({ assigneeId: null, updatedAt: new Date() })
      .where(and(eq(conversations.accountId, accountId), eq(conversations.assigneeId, userId)));
    await db.delete(accountUsers).where(and(eq(accountUsers.accountId, accountId), eq(accountUsers.userId, userId)));
  });
};

export const presentAgent = (agent: AgentRow) => ({
  id: agent.userId,
  account_id: agent.accountId,
  availability_status: agent.availability,
  auto_offline: agent.autoOffline,
  confirmed: agent.confirmedAt !== null,
  email: agent.email,
  provider: "email",
  available_name: agent.displayName || agent.name,
  name: agent.name,
  role: agent.role,
  thumbnail: avatarUrl(agent),
  custom_role_id: null,
});

