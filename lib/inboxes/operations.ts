import { defineOperation } from "@/lib/http/operation";
import { ZAccountParams, ZAccountRecordParams } from "@/lib/http/schemas";
import {
  ZAgentPayload,
  ZCreateInbox,
  ZInbox,
  ZInboxAgentBot,
  ZInboxList,
  ZInboxMemberParams,
  ZInboxMembersInput,
  ZSetAgentBot,
  ZUpdateInbox,
} from "./schemas";

const tag = "Inboxes";
const base = "/api/v1/accounts/{account_id}/inboxes";
const members = "/api/v1/accounts/{account_id}/inbox_members";

export const listInboxesOp = defineOperation({
  method: "GET",
  path: base,
  summary: "List inboxes: all of them for administrators, the ones they are members of for agents",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  response: ZInboxList,
});

export const createInboxOp = defineOperation({
  method: "POST",
  path: base,
  summary: "Create an API or website inbox (administrators)",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  body: ZCreateInbox,
  bodyKey: "inbox",
  response: ZInbox,
  errors: [403],
});

export const showInboxOp = defineOperation({
  method: "GET",
  path: `${base}/{id}`,
  summary: "Show an inbox",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  response: ZInbox,
  errors: [404],
});

export const updateInboxOp = defineOperation({
  method: "PATCH",
  path: `${base}/{id}`,
  summary: "Update an inbox, its channel settings and working hours (administrators)",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  body: ZUpdateInbox,
  bodyKey: "inbox",
  response: ZInbox,
  errors: [403, 404],
});

export const deleteInboxOp = defineOperation({
  method: "DELETE",
  path: `${base}/{id}`,
  summary: "Delete an inbox and its conversations (administrators)",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  errors: [403, 404],
});

export const inboxAgentBotOp = defineOperation({
  method: "GET",
  path: `${base}/{id}/agent_bot`,
  summary: "The agent bot connected to the inbox",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  response: ZInboxAgentBot,
  errors: [404],
});

export const setInboxAgentBotOp = defineOperation({
  method: "POST",
  path: `${base}/{id}/set_agent_bot`,
  summary: "Connect an agent bot (the account's own or a system bot) to the inbox, or disconnect it with null (administrators)",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  body: ZSetAgentBot,
  errors: [403, 404],
});

export const resetInboxSecretOp = defineOperation({
  method: "POST",
  path: `${base}/{id}/reset_secret`,
  summary: "Rotate the secret that signs the inbox's webhook deliveries (administrators)",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  response: ZInbox,
  errors: [403, 404],
});

export const listInboxMembersOp = defineOperation({
  method: "GET",
  path: `${members}/{inbox_id}`,
  summary: "List the agents who are members of an inbox",
  tag,
  callers: ["user"],
  params: ZInboxMemberParams,
  response: ZAgentPayload,
  errors: [404],
});

export const addInboxMembersOp = defineOperation({
  method: "POST",
  path: members,
  summary: "Add agents to an inbox (administrators); answers the inbox's members",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  body: ZInboxMembersInput,
  response: ZAgentPayload,
  errors: [403, 404],
});

export const replaceInboxMembersOp = defineOperation({
  method: "PATCH",
  path: members,
  summary: "Replace an inbox's members with `user_ids` (administrators)",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  body: ZInboxMembersInput,
  response: ZAgentPayload,
  errors: [403, 404],
});

export const removeInboxMembersOp = defineOperation({
  method: "DELETE",
  path: members,
  summary: "Remove agents from an inbox (administrators)",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  body: ZInboxMembersInput,
  errors: [403, 404],
});
