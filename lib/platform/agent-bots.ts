import { asc, eq } from "drizzle-orm";
import { anyOf } from "@/db/any";
import type { DbOrTx } from "@/db/client";
import { agentBots } from "@/db/schema";
import { changeAgentBot, insertAgentBot, presentAgentBot, removeAgentBot } from "@/lib/agent-bots/agent-bots";
import { tokensOf } from "@/lib/auth/access-tokens";
import type { AgentBot, Ctx, PlatformCaller } from "@/lib/auth/caller";
import { findPermissible, forgetPermissible, grantPermissible, permissibleIds, requirePermissible } from "./platform-apps";
import type { PlatformAgentBotCreate, PlatformAgentBotUpdate } from "./schemas";
import { ensureOutboundUrl } from "@/lib/outbound/check";

type PlatformCtx = Ctx<PlatformCaller>;

/** The app that owns a bot sees its token and signing secret. */
export const presentPlatformAgentBots = async (db: DbOrTx, bots: AgentBot[]) => {
  const tokens = await tokensOf(db, "AgentBot", bots.map((bot) => bot.id));
  return bots.map((bot) => presentAgentBot(bot, { accessToken: tokens.get(bot.id) ?? null }));
};

export const presentPlatformAgentBot = async (db: DbOrTx, bot: AgentBot) => (await presentPlatformAgentBots(db, [bot]))[0]!;

export const listPlatformAgentBots = async (ctx: PlatformCtx) => {
  const ids = await permissibleIds(ctx, "AgentBot");
  if (ids.length === 0) return [];
  return ctx.db.select().from(agentBots).where(anyOf(agentBots.id, ids)).orderBy(asc(agentBots.id));
};

export const findPlatformAgentBot = (ctx: PlatformCtx, id: number) =>
  findPermissible(ctx, "AgentBot", id, async () => (await ctx.db.select().from(agentBots).where(eq(agentBots.id, id)))[0]);

/** A bot may only be put in an account the app may touch; null (or absent) makes it global. */
const requireBotAccount = async (ctx: PlatformCtx, accountId: number | null | undefined) => {
  if (accountId !== null && accountId !== undefined) await requirePermissible(ctx, "Account", accountId);
};

export const createPlatformAgentBot = async (ctx: PlatformCtx, input: PlatformAgentBotCreate) => {
  await ensureOutboundUrl("outgoing_url", input.outgoing_url);
  return ctx.db.transaction(async (db) => {
    await requireBotAccount({ ...ctx, db }, input.account_id);
    const bot = await insertAgentBot(db, input.account_id ?? null, input);
    await grantPermissible(db, ctx.caller.app.id, "AgentBot", bot.id);
    return bot;
  });
};

export const updatePlatformAgentBot = async (ctx: PlatformCtx, id: number, input: PlatformAgentBotUpdate) => {
  await ensureOutboundUrl("outgoing_url", input.outgoing_url);
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    await findPlatformAgentBot(tx, id);
    if (input.account_id !== undefined) {
      await requireBotAccount(tx, input.account_id);
      await db.update(agentBots).set({ accountId: input.account_id }).where(eq(agentBots.id, id));
    }
    return changeAgentBot(db, id, input);
  });
};

/** Deletes the bot and its token; every app forgets it. */
export const deletePlatformAgentBot = (ctx: PlatformCtx, id: number) =>
  ctx.db.transaction(async (db) => {
    await findPlatformAgentBot({ ...ctx, db }, id);
    await removeAgentBot(db, id);
    await forgetPermissible(db, "AgentBot", [id]);
  });
