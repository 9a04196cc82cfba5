"use server";

import { createAccountAgentBot, deleteAccountAgentBot, resetAgentBotSecret, resetAgentBotToken, updateAccountAgentBot } from "@/lib/agent-bots/agent-bots";
import { ZCreateAgentBot, ZUpdateAgentBot } from "@/lib/agent-bots/schemas";
import { ZId } from "@/lib/http/schemas";
import { portalFormAction } from "@/lib/portal/action";
import type { FieldKind } from "@/lib/portal/form-input";
import { settingsPath, withNotice } from "@/lib/portal/paths";

const fields = { name: "text", description: "nullable", outgoing_url: "nullable", avatar_url: "nullable" } satisfies Record<string, FieldKind>;

const list = (accountId: number) => settingsPath(accountId, "agent-bots");

export const createAgentBotAction = portalFormAction({
  name: "create agent bot",
  ids: [],
  fields,
  body: ZCreateAgentBot,
  run: (ctx, body) => createAccountAgentBot(ctx, body),
  revalidate: list,
  // The new bot's page shows the access token it needs to call the API.
  redirectTo: (accountId, bot) => withNotice(settingsPath(accountId, "agent-bots", bot.id), "created"),
});

export const updateAgentBotAction = portalFormAction({
  name: "update agent bot",
  ids: [ZId],
  fields,
  body: ZUpdateAgentBot,
  run: (ctx, id, body) => updateAccountAgentBot(ctx, id, body),
  revalidate: list,
  redirectTo: (accountId) => withNotice(list(accountId), "updated"),
});

export const deleteAgentBotAction = portalFormAction({
  name: "delete agent bot",
  ids: [ZId],
  run: (ctx, id) => deleteAccountAgentBot(ctx, id),
  revalidate: list,
  redirectTo: (accountId) => withNotice(list(accountId), "deleted"),
});

/** The bot's page shows the new token once revalidated (the service answers the bot, not its token). */
export const resetAgentBotTokenAction = portalFormAction({
  name: "reset agent bot token",
  ids: [ZId],
  run: (ctx, id) => resetAgentBotToken(ctx, id),
  revalidate: (accountId, id) => settingsPath(accountId, "agent-bots", id),
  success: "A new token was issued. The previous token no longer works.",
});

/** A new signing secret for the bot's deliveries, shown in place. */
export const resetAgentBotSecretAction = portalFormAction({
  name: "reset agent bot secret",
  ids: [ZId],
  run: (ctx, id) => resetAgentBotSecret(ctx, id),
  revalidate: (accountId, id) => settingsPath(accountId, "agent-bots", id),
  success: (bot) => ({ message: "A new secret was issued. Deliveries from now on are signed with it.", data: { secret: bot.secret ?? "" } }),
});
