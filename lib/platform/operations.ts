import { z } from "zod";
import { ZAgentBot } from "@/lib/agent-bots/schemas";
import { defineOperation } from "@/lib/http/operation";
import { ZRecordParams } from "@/lib/http/schemas";
import { ZUser } from "@/lib/users/schemas";
import {
  ZPlatformAccount,
  ZPlatformAccountCreate,
  ZPlatformAccountUpdate,
  ZPlatformAccountUser,
  ZPlatformAccountUserDelete,
  ZPlatformAccountUserUpsert,
  ZPlatformAgentBotCreate,
  ZPlatformAgentBotUpdate,
  ZPlatformLoginLink,
  ZPlatformUserCreate,
  ZPlatformUserToken,
  ZPlatformUserUpdate,
} from "./schemas";

/**
 * The Platform API: platform app tokens only, and only records the app created or was
 * granted. Anything else, a missing id included, is 401 "Non permissible resource".
 */
const tag = "Platform";
const callers = ["platform_app"] as const;
const accounts = "/platform/api/v1/accounts";
const users = "/platform/api/v1/users";
const bots = "/platform/api/v1/agent_bots";

export const listPlatformAccountsOp = defineOperation({
  method: "GET",
  path: accounts,
  summary: "List the accounts this platform app created",
  tag,
  callers,
  response: z.array(ZPlatformAccount),
});

export const createPlatformAccountOp = defineOperation({
  method: "POST",
  path: accounts,
  summary: "Create an account owned by this platform app",
  tag,
  callers,
  body: ZPlatformAccountCreate,
  bodyKey: "account",
  response: ZPlatformAccount,
});

export const showPlatformAccountOp = defineOperation({
  method: "GET",
  path: `${accounts}/{id}`,
  summary: "Show an account",
  tag,
  callers,
  params: ZRecordParams,
  response: ZPlatformAccount,
});

export const updatePlatformAccountOp = defineOperation({
  method: "PATCH",
  path: `${accounts}/{id}`,
  summary: "Update an account; features, limits and custom_attributes are merged",
  tag,
  callers,
  params: ZRecordParams,
  body: ZPlatformAccountUpdate,
  bodyKey: "account",
  response: ZPlatformAccount,
});

export const deletePlatformAccountOp = defineOperation({
  method: "DELETE",
  path: `${accounts}/{id}`,
  summary: "Delete an account and everything in it",
  tag,
  callers,
  params: ZRecordParams,
});

export const listPlatformAccountUsersOp = defineOperation({
  method: "GET",
  path: `${accounts}/{id}/account_users`,
  summary: "List the account's memberships",
  tag,
  callers,
  params: ZRecordParams,
  response: z.array(ZPlatformAccountUser),
});

export const upsertPlatformAccountUserOp = defineOperation({
  method: "POST",
  path: `${accounts}/{id}/account_users`,
  summary: "Add a user this app created to the account, or change their role (any other user_id: 404)",
  tag,
  callers,
  params: ZRecordParams,
  body: ZPlatformAccountUserUpsert,
  bodyKey: "account_user",
  response: ZPlatformAccountUser,
  errors: [404],
});

export const deletePlatformAccountUserOp = defineOperation({
  method: "DELETE",
  path: `${accounts}/{id}/account_users`,
  summary: "Remove a user this app created from the account (the user stays; any other user_id: 404)",
  tag,
  callers,
  params: ZRecordParams,
  body: ZPlatformAccountUserDelete,
  bodyKey: "account_user",
  errors: [404],
});

export const createPlatformUserOp = defineOperation({
  method: "POST",
  path: users,
  summary: "Find the user with this email, or create a confirmed one; either way the app may then manage it",
  tag,
  callers,
  body: ZPlatformUserCreate,
  bodyKey: "user",
  response: ZUser,
});

export const showPlatformUserOp = defineOperation({
  method: "GET",
  path: `${users}/{id}`,
  summary: "Show a user",
  tag,
  callers,
  params: ZRecordParams,
  response: ZUser,
});

export const updatePlatformUserOp = defineOperation({
  method: "PATCH",
  path: `${users}/{id}`,
  summary: "Update a user; custom_attributes are merged and a new email needs no reconfirmation",
  tag,
  callers,
  params: ZRecordParams,
  body: ZPlatformUserUpdate,
  bodyKey: "user",
  response: ZUser,
});

export const deletePlatformUserOp = defineOperation({
  method: "DELETE",
  path: `${users}/{id}`,
  summary: "Delete a user and their memberships",
  tag,
  callers,
  params: ZRecordParams,
});

export const platformUserLoginOp = defineOperation({
  method: "GET",
  path: `${users}/{id}/login`,
  summary: "A one-time sign-in link for the user (single use, five minutes)",
  tag,
  callers,
  params: ZRecordParams,
  response: ZPlatformLoginLink,
});

export const platformUserTokenOp = defineOperation({
  method: "POST",
  path: `${users}/{id}/token`,
  summary: "The user's API access token (issued if the user has none)",
  tag,
  callers,
  params: ZRecordParams,
  response: ZPlatformUserToken,
});

export const listPlatformAgentBotsOp = defineOperation({
  method: "GET",
  path: bots,
  summary: "List the agent bots this platform app created",
  tag,
  callers,
  response: z.array(ZAgentBot),
});

export const createPlatformAgentBotOp = defineOperation({
  method: "POST",
  path: bots,
  summary: "Create an agent bot: in an account the app owns, or global when account_id is absent",
  tag,
  callers,
  body: ZPlatformAgentBotCreate,
  bodyKey: "agent_bot",
  response: ZAgentBot,
});

export const showPlatformAgentBotOp = defineOperation({
  method: "GET",
  path: `${bots}/{id}`,
  summary: "Show an agent bot, with its access token",
  tag,
  callers,
  params: ZRecordParams,
  response: ZAgentBot,
});

export const updatePlatformAgentBotOp = defineOperation({
  method: "PATCH",
  path: `${bots}/{id}`,
  summary: "Update an agent bot; account_id may move it to another account the app owns, or null for global",
  tag,
  callers,
  params: ZRecordParams,
  body: ZPlatformAgentBotUpdate,
  bodyKey: "agent_bot",
  response: ZAgentBot,
});

export const deletePlatformAgentBotOp = defineOperation({
  method: "DELETE",
  path: `${bots}/{id}`,
  summary: "Delete an agent bot; its token stops working",
  tag,
  callers,
  params: ZRecordParams,
});
