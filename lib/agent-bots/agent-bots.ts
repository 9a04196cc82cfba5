import { and, asc, eq, isNull, or } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { agentBots } from "@/db/schema";
import { issueToken, revokeToken, tokenOf, tokensOf } from "@/lib/auth/access-tokens";
import { refuseThroughOAuth, requireAdmin, seesCredentials } from "@/lib/auth/authorize";
import type { AccountCtx, AgentBot } from "@/lib/auth/caller";
import { generateToken } from "@/lib/auth/tokens";
import { notFound } from "@/lib/http/errors";
import type { CreateAgentBotInput, UpdateAgentBotInput } from "./schemas";
import { ensureOutboundUrl } from "@/lib/outbound/check";

/** Shared by the account API and the Platform API: a bot and its token, in one transaction. */
export const insertAgentBot = async (db: DbOrTx, accountId: number | null, input: CreateAgentBotInput) => {
  const [bot] = await db
    .insert(agentBots)
    .values({
      accountId,
      name: input.name,
      description: input.description ?? null,
      thumbnail: input.avatar_url ?? null,
      outgoingUrl: input.outgoing_url ?? null,
      botType: input.bot_type ?? "webhook",
      botConfig: input.bot_config ?? {},
      secret: generateToken(),
    })
    .returning();
  await issueToken(db, "AgentBot", bot!.id);
  return bot!;
};

export const changeAgentBot = async (db: DbOrTx, botId: number, input: UpdateAgentBotInput) => {
  const [bot] = await db
    .update(agentBots)
    .set({
      name: input.name,
      description: input.description,
      thumbnail: input.avatar_url,
      outgoingUrl: input.outgoing_url,
      botType: input.bot_type,
      botConfig: input.bot_config,
      updatedAt: new Date(),
    })
    .where(eq(agentBots.id, botId))
    .returning();
  return bot!;
};

export const removeAgentBot = async (db: DbOrTx, botId: number) => {
  await revokeToken(db, "AgentBot", botId);
  await db.delete(agentBots).where(eq(agentBots.id, botId));
};

export type PresentedBotSecrets = { accessToken: string | null } | null;

export const presentAgentBot = (bot: AgentBot, secrets: PresentedBotSecrets) => ({
  id: bot.id,
  name: bot.name,
  description: bot.description,
  thumbnail: bot.thumbnail,
  outgoing_url: bot.outgoingUrl,
  bot_type: bot.botType,
  bot_config: bot.botConfig,
  account_id: bot.accountId,
  ...(secrets ? { access_token: secrets.accessToken ?? undefined, secret: bot.secret } : {}),
  system_bot: bot.accountId === null,
});

/** Tokens and secrets of the account's own bots are for its administrators only (never through OAuth). */
const canSeeSecrets = (ctx: AccountCtx, bot: AgentBot) => bot.accountId === ctx.account.id && seesCredentials(ctx);

export const presentAccountBots = async (ctx: AccountCtx, bots: AgentBot[]) => {
  const tokens = await tokensOf(ctx.db, "AgentBot", bots.filter((bot) => canSeeSecrets(ctx, bot)).map((bot) => bot.id));
  return bots.map((bot) => presentAgentBot(bot, canSeeSecrets(ctx, bot) ? { accessToken: tokens.get(bot.id) ?? null } : null));
};

export const presentAccountBot = async (ctx: AccountCtx, bot: AgentBot) => (await presentAccountBots(ctx, [bot]))[0]!;

/** The account's bots and the global (system) bots every account may connect. */
export const listAccountAgentBots = (ctx: AccountCtx) =>
  ctx.db
    .select()
    .from(agentBots)
    .where(or(eq(agentBots.accountId, ctx.account.id), isNull(agentBots.accountId)))
    .orderBy(asc(agentBots.id));

export const findVisibleAgentBot = async (ctx: AccountCtx, id: number) => {
  const [bot] = await ctx.db
    .select()
    .from(agentBots)
    .where(and(eq(agentBots.id, id), or(eq(agentBots.accountId, ctx.account.id), isNull(agentBots.accountId))));
  if (!bot) throw notFound("Agent bot");
  return bot;
};

/** Only the account's own bots can be changed through the account API; system bots are read-only here. */
const findOwnAgentBot = async (ctx: AccountCtx, id: number) => {
  const [bot] = await ctx.db.select().from(agentBots).where(and(eq(agentBots.id, id), eq(agentBots.accountId, ctx.account.id)));
  if (!bot) throw notFound("Agent bot");
  return bot;
};

export const createAccountAgentBot = async (ctx: AccountCtx, input: CreateAgentBotInput) => {
  requireAdmin(ctx, "agent_bots.manage");
  await ensureOutboundUrl("outgoing_url", input.outgoing_url);
  return ctx.db.transaction((db) => insertAgentBot(db, ctx.account.id, input));
};

export const updateAccountAgentBot = async (ctx: AccountCtx, id: number, input: UpdateAgentBotInput) => {
  requireAdmin(ctx, "agent_bots.manage");
  await findOwnAgentBot(ctx, id);
  await ensureOutboundUrl("outgoing_url", input.outgoing_url);
  return changeAgentBot(ctx.db, id, input);
};

export const deleteAccountAgentBot = async (ctx: AccountCtx, id: number) => {
  requireAdmin(ctx, "agent_bots.manage");
  await findOwnAgentBot(ctx, id);
  await ctx.db.transaction((db) => removeAgentBot(db, id));
};

export const resetAgentBotToken = async (ctx: AccountCtx, id: number) => {
  requireAdmin(ctx, "agent_bots.manage");
  refuseThroughOAuth(ctx, "reset an agent bot's token");
  const bot = await findOwnAgentBot(ctx, id);
  await issueToken(ctx.db, "AgentBot", bot.id);
  return bot;
};

/** Chatwoot 4.13's `reset_secret`: a new key for signing the bot's deliveries, used from the next attempt on. */
export const resetAgentBotSecret = async (ctx: AccountCtx, id: number) => {
  requireAdmin(ctx, "agent_bots.manage");
  refuseThroughOAuth(ctx, "reset an agent bot's secret");
  await findOwnAgentBot(ctx, id);
  const [bot] = await ctx.db
    .update(agentBots)
    .set({ secret: generateToken(), updatedAt: new Date() })
    .where(and(eq(agentBots.id, id), eq(agentBots.accountId, ctx.account.id)))
    .returning();
  return bot!;
};

export const agentBotToken = (db: DbOrTx, botId: number) => tokenOf(db, "AgentBot", botId);
