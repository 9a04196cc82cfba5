// GET|POST|PATCH|DELETE /api/v1/accounts/{account_id}/teams/{id}/team_members
import { presentAgent } from "@/lib/agents/agents";
import { accountRoute, handlers } from "@/lib/http/route";
import { addTeamMembers, listTeamMembers, removeTeamMembers, replaceTeamMembers } from "@/lib/teams/members";
import { addTeamMembersOp, listTeamMembersOp, removeTeamMembersOp, replaceTeamMembersOp } from "@/lib/teams/operations";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(listTeamMembersOp, async ({ ctx, params }) => (await listTeamMembers(ctx, params.id)).map(presentAgent)),
  POST: accountRoute(addTeamMembersOp, async ({ ctx, params, body }) => (await addTeamMembers(ctx, params.id, body)).map(presentAgent)),
  PATCH: accountRoute(replaceTeamMembersOp, async ({ ctx, params, body }) =>
    (await replaceTeamMembers(ctx, params.id, body)).map(presentAgent),
  ),
  DELETE: accountRoute(removeTeamMembersOp, async ({ ctx, params, body }) => removeTeamMembers(ctx, params.id, body)),
});
