import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { ZAccountParams, ZAccountRecordParams } from "@/lib/http/schemas";
import { ZAgentBot, ZCreateAgentBot, ZUpdateAgentBot } from "./schemas";

const tag = "Agent bots";
const base = "/api/v1/accounts/{account_id}/agent_bots";

export const listAgentBotsOp = defineOperation({
  method: "GET",
  path: base,
  summary: "List the account's agent bots and the system bots",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  response: z.array(ZAgentBot),
});

export const createAgentBotOp = defineOperation({
  method: "POST",
  path: base,
  summary: "Create an agent bot (administrators)",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  body: ZCreateAgentBot,
  bodyKey: "agent_bot",
  response: ZAgentBot,
});

export const showAgentBotOp = defineOperation({
  method: "GET",
  path: `${base}/{id}`,
  summary: "Show an agent bot",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  response: ZAgentBot,
  errors: [404],
});

export const updateAgentBotOp = defineOperation({
  method: "PATCH",
  path: `${base}/{id}`,
  summary: "Update an agent bot (administrators)",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  body: ZUpdateAgentBot,
  bodyKey: "agent_bot",
  response: ZAgentBot,
  errors: [404],
});

export const deleteAgentBotOp = defineOperation({
  method: "DELETE",
  path: `${base}/{id}`,
  summary: "Delete an agent bot (administrators)",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  errors: [404],
});

export const resetAgentBotTokenOp = defineOperation({
  method: "POST",
  path: `${base}/{id}/reset_access_token`,
  summary: "Rotate the bot's access token (administrators)",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  response: ZAgentBot,
  errors: [404],
});

export const resetAgentBotSecretOp = defineOperation({
  method: "POST",
  path: `${base}/{id}/reset_secret`,
  summary: "Rotate the secret that signs the bot's deliveries (administrators, not through OAuth)",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  response: ZAgentBot,
  errors: [403, 404],
});
