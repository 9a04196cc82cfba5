import { and, eq, isNull, or } from "drizzle-orm";
import { agentBots, conversations, teamMembers, teams } from "@/db/schema";
import { findAgent, presentAgent, type AgentRow } from "@/lib/agents/agents";
import type { AccountCtx } from "@/lib/auth/caller";
import { ApiError, fieldError } from "@/lib/http/errors";
import { callerUserId, findConversation, saveConversation } from "./conversations";
import { presentAgentBotSlim, presentConversationTeam } from "./present";
import type { AssignmentInput } from "./schemas";

type Bot = { id: number; name: string; description: string | null; thumbnail: string | null };
type Team = typeof teams.$inferSelect;

export type AssignmentResult = { agent: AgentRow } | { bot: Bot } | { team: Team; isMember: boolean } | null;

const member = async (ctx: AccountCtx, userId: number) => {
  try {
    return await findAgent(ctx, userId);
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") throw fieldError("assignee_id", "is not a member of this account");
    throw error;
  }
};

/** The account's own bots and the system bots (account_id null) may take conversations. */
const assignableBot = async (ctx: AccountCtx, botId: number) => {
  const [bot] = await ctx.db
    .select({ id: agentBots.id, name: agentBots.name, description: agentBots.description, thumbnail: agentBots.thumbnail })
    .from(agentBots)
    .where(and(eq(agentBots.id, botId), or(eq(agentBots.accountId, ctx.account.id), isNull(agentBots.accountId))));
  if (!bot) throw fieldError("assignee_id", "is not an agent bot available to this account");
  return bot;
};

const isTeamMember = async (ctx: AccountCtx, teamId: number) => {
  const userId = callerUserId(ctx);
  if (userId === null) return false;
  const [row] = await ctx.db
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return row !== undefined;
};

/**
 * POST assignments: `assignee_id` (a member, or with `assignee_type: "AgentBot"` a bot)
 * replaces whoever held the conversation; `assignee_id: null` unassigns; `team_id` sets or
 * (null) clears the team. The answer is what was assigned, or null.
 */
export const assignConversation = (ctx: AccountCtx, displayId: number, input: AssignmentInput): Promise<AssignmentResult> =>
  ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const row = await findConversation(tx, displayId, { lock: true });
    // Saved through the conversations service, so the change is a conversation_updated.
    const set = (values: Partial<typeof conversations.$inferInsert>) => saveConversation(tx, row, values);

    if ("assignee_id" in input || input.assignee_type === "AgentBot") {
      const assigneeId = input.assignee_id ?? null;
      if (assigneeId === null) {
        await set({ assigneeId: null, assigneeAgentBotId: null });
        return null;
      }
      if (input.assignee_type === "AgentBot") {
        const bot = await assignableBot(tx, assigneeId);
        await set({ assigneeId: null, assigneeAgentBotId: bot.id });
        return { bot };
      }
      const agent = await member(tx, assigneeId);
      await set({ assigneeId: agent.userId, assigneeAgentBotId: null });
      return { agent };
    }

    if ("team_id" in input) {
      const teamId = input.team_id ?? null;
      if (teamId === null) {
        await set({ teamId: null });
        return null;
      }
      const [team] = await db
        .select()
        .from(teams)
        .where(and(eq(teams.accountId, ctx.account.id), eq(teams.id, teamId)));
      if (!team) throw fieldError("team_id", "is not a team of this account");
      await set({ teamId: team.id });
      return { team, isMember: await isTeamMember(tx, team.id) };
    }
    return null;
  });

export const presentAssignment = (result: AssignmentResult) => {
  if (result === null) return null;
  if ("agent" in result) return presentAgent(result.agent);
  if ("bot" in result) return presentAgentBotSlim(result.bot);
  return presentConversationTeam(result.team, result.isMember);
};
