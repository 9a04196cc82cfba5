// GET|PATCH|DELETE /api/v1/accounts/{account_id}/teams/{id}
import { accountRoute, handlers } from "@/lib/http/route";
import { deleteTeamOp, showTeamOp, updateTeamOp } from "@/lib/teams/operations";
import { presentTeam } from "@/lib/teams/present";
import { deleteTeam, showTeam, updateTeam } from "@/lib/teams/teams";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(showTeamOp, async ({ ctx, params }) => presentTeam(await showTeam(ctx, params.id))),
  PATCH: accountRoute(updateTeamOp, async ({ ctx, params, body }) => presentTeam(await updateTeam(ctx, params.id, body))),
  DELETE: accountRoute(deleteTeamOp, async ({ ctx, params }) => deleteTeam(ctx, params.id)),
});
