"use server";

import { ZId } from "@/lib/http/schemas";
import { portalFormAction } from "@/lib/portal/action";
import type { FieldKind } from "@/lib/portal/form-input";
import { settingsPath, withNotice } from "@/lib/portal/paths";
import { replaceTeamMembers } from "@/lib/teams/members";
import { ZCreateTeam, ZTeamMembersInput, ZUpdateTeam } from "@/lib/teams/schemas";
import { createTeam, deleteTeam, updateTeam } from "@/lib/teams/teams";

const fields = { name: "text", description: "nullable", allow_auto_assign: "checkbox" } satisfies Record<string, FieldKind>;
const list = (accountId: number) => settingsPath(accountId, "teams");

export const createTeamAction = portalFormAction({
  name: "create team",
  ids: [],
  fields,
  body: ZCreateTeam,
  run: (ctx, body) => createTeam(ctx, body),
  revalidate: list,
  // A new team has no members yet: its page is where they are chosen.
  redirectTo: (accountId, team) => withNotice(settingsPath(accountId, "teams", team.id), "created"),
});

export const updateTeamAction = portalFormAction({
  name: "update team",
  ids: [ZId],
  fields,
  body: ZUpdateTeam,
  run: (ctx, teamId, body) => updateTeam(ctx, teamId, body),
  revalidate: list,
  success: "Team saved.",
});

export const replaceTeamMembersAction = portalFormAction({
  name: "replace team members",
  ids: [ZId],
  fields: { user_ids: "list" },
  body: ZTeamMembersInput,
  run: (ctx, teamId, body) => replaceTeamMembers(ctx, teamId, body),
  revalidate: list,
  success: "Members saved.",
});

export const deleteTeamAction = portalFormAction({
  name: "delete team",
  ids: [ZId],
  run: (ctx, teamId) => deleteTeam(ctx, teamId),
  revalidate: list,
  redirectTo: (accountId) => withNotice(list(accountId), "deleted"),
});
