import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { ZAccountParams, ZAccountRecordParams } from "@/lib/http/schemas";
import { ZAgentList, ZCreateTeam, ZTeam, ZTeamMembersInput, ZUpdateTeam } from "./schemas";

const tag = "Teams";
const base = "/api/v1/accounts/{account_id}/teams";

export const listTeamsOp = defineOperation({
  method: "GET",
  path: base,
  summary: "List the account's teams",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  response: z.array(ZTeam),
});

export const createTeamOp = defineOperation({
  method: "POST",
  path: base,
  summary: "Create a team (administrators); names are stored lowercased and unique per account",
  tag,
  callers: ["user"],
  params: ZAccountParams,
  body: ZCreateTeam,
  bodyKey: "team",
  response: ZTeam,
  errors: [403],
});

export const showTeamOp = defineOperation({
  method: "GET",
  path: `${base}/{id}`,
  summary: "Show a team",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  response: ZTeam,
  errors: [404],
});

export const updateTeamOp = defineOperation({
  method: "PATCH",
  path: `${base}/{id}`,
  summary: "Update a team (administrators)",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  body: ZUpdateTeam,
  bodyKey: "team",
  response: ZTeam,
  errors: [403, 404],
});

export const deleteTeamOp = defineOperation({
  method: "DELETE",
  path: `${base}/{id}`,
  summary: "Delete a team; its conversations are left without a team (administrators)",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  errors: [403, 404],
});

export const listTeamMembersOp = defineOperation({
  method: "GET",
  path: `${base}/{id}/team_members`,
  summary: "List the team's agents",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  response: ZAgentList,
  errors: [404],
});

export const addTeamMembersOp = defineOperation({
  method: "POST",
  path: `${base}/{id}/team_members`,
  summary: "Add agents to the team (administrators); answers the agents named",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  body: ZTeamMembersInput,
  response: ZAgentList,
  errors: [403, 404],
});

export const replaceTeamMembersOp = defineOperation({
  method: "PATCH",
  path: `${base}/{id}/team_members`,
  summary: "Replace the team's agents with `user_ids` (administrators)",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  body: ZTeamMembersInput,
  response: ZAgentList,
  errors: [403, 404],
});

export const removeTeamMembersOp = defineOperation({
  method: "DELETE",
  path: `${base}/{id}/team_members`,
  summary: "Remove agents from the team (administrators)",
  tag,
  callers: ["user"],
  params: ZAccountRecordParams,
  body: ZTeamMembersInput,
  errors: [403, 404],
});
