// GET|POST /api/v1/accounts/{account_id}/teams
import { accountRoute, handlers } from "@/lib/http/route";
import { createTeamOp, listTeamsOp } from "@/lib/teams/operations";
import { presentTeam } from "@/lib/teams/present";
import { createTeam, listTeams } from "@/lib/teams/teams";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(listTeamsOp, async ({ ctx }) => (await listTeams(ctx)).map(presentTeam)),
  POST: accountRoute(createTeamOp, async ({ ctx, body }) => presentTeam(await createTeam(ctx, body))),
});
