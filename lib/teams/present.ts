import type { teams } from "@/db/schema";

export type Team = typeof teams.$inferSelect;
/** A team as one caller sees it. */
export type TeamView = Team & { isMember: boolean };

export const presentTeam = (team: TeamView) => ({
  id: team.id,
  name: team.name,
  description: team.description,
  allow_auto_assign: team.allowAutoAssign,
  account_id: team.accountId,
  is_member: team.isMember,
});
