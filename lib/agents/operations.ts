import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { ZAccountParams, ZAccountRecordParams } from "@/lib/http/schemas";
import { ZAgent, ZCreateAgent, ZUpdateAgent } from "./schemas";

const tag = "Agents";
const base = "/api/v1/accounts/{account_id}/agents";

export const listAgentsOp = defineOperation({
  method: "GET",
  path: base,
  summary: "List the account's agents",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  response: z.array(ZAgent),
});

export const createAgentOp = defineOperation({
  method: "POST",
  path: base,
  summary: "Add an agent by email (administrators); an unknown email creates the user",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  body: ZCreateAgent,
  bodyKey: "agent",
  response: ZAgent,
  errors: [403],
});

export const updateAgentOp = defineOperation({
  method: "PATCH",
  path: `${base}/{id}`,
  summary: "Update an agent's name, role or availability (administrators); `id` is the user id",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  body: ZUpdateAgent,
  bodyKey: "agent",
  response: ZAgent,
  errors: [403, 404],
});

export const deleteAgentOp = defineOperation({
  method: "DELETE",
  path: `${base}/{id}`,
  summary: "Remove an agent from the account (administrators); the user is kept",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  errors: [403, 404],
});
