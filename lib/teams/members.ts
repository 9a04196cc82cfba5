import { and, eq, notInArray } from "drizzle-orm";
import { anyOf } from "@/db/any";
import { teamMembers } from "@/db/schema";
import type { AgentRow } from "@/lib/agents/agents";
import { requireAdmin } from "@/lib/auth/authorize";
import type { AccountCtx } from "@/lib/auth/caller";
import { agentsAmong, ensureAccountMembers } from "@/lib/inboxes/members";
import type { TeamMembersInput } from "./schemas";
import { findTeam } from "./teams";

const memberIds = async (ctx: AccountCtx, teamId: number) =>
  (
    await ctx.db
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .where(and(eq(teamMembers.accountId, ctx.account.id), eq(teamMembers.teamId, teamId)))
  ).map((row) => row.userId);

export const listTeamMembers = async (ctx: AccountCtx, teamId: number): Promise<AgentRow[]> => {
  await findTeam(ctx, teamId);
  return agentsAmong(ctx, await memberIds(ctx, teamId));
};

const insertMembers = async (ctx: AccountCtx, teamId: number, userIds: readonly number[]) => {
  if (userIds.length === 0) return;
  await ctx.db
    .insert(teamMembers)
    .values(userIds.map((userId) => ({ accountId: ctx.account.id, teamId, userId })))
    .onConflictDoNothing();
};

/** Writes lock the team row so concurrent changes to one team apply in turn. */
const changeMembers = async <T>(
  ctx: AccountCtx,
  teamId: number,
  input: TeamMembersInput,
  change: (tx: AccountCtx, ids: number[]) => Promise<T>,
) => {
  requireAdmin(ctx, "agents.manage");
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    await findTeam(tx, teamId, { lock: true });
    return change(tx, await ensureAccountMembers(tx, input.user_ids));
  });
};

/** As Chatwoot: answers the agents named (already members or not). */
export const addTeamMembers = (ctx: AccountCtx, teamId: number, input: TeamMembersInput) =>
  changeMembers(ctx, teamId, input, async (tx, ids) => {
    await insertMembers(tx, teamId, ids);
    return agentsAmong(tx, ids);
  });

/** Replaces the team's members with `user_ids`; answers the new members. */
export const replaceTeamMembers = (ctx: AccountCtx, teamId: number, input: TeamMembersInput) =>
  changeMembers(ctx, teamId, input, async (tx, ids) => {
    await tx.db
      .delete(teamMembers)
      .where(
        and(
          eq(teamMembers.accountId, ctx.account.id),
          eq(teamMembers.teamId, teamId),
          ids.length > 0 ? notInArray(teamMembers.userId, ids) : undefined,
        ),
      );
    await insertMembers(tx, teamId, ids);
    return agentsAmong(tx, await memberIds(tx, teamId));
  });

export const removeTeamMembers = async (ctx: AccountCtx, teamId: number, input: TeamMembersInput) => {
  await changeMembers(ctx, teamId, input, async (tx, ids) => {
    if (ids.length === 0) return;
    await tx.db
      .delete(teamMembers)
      .where(and(eq(teamMembers.accountId, ctx.account.id), eq(teamMembers.teamId, teamId), anyOf(teamMembers.userId, ids)));
  });
};
