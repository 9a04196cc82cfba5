import { z } from "zod";
import { ZAgent } from "@/lib/agents/schemas";
import { ZBool, ZName } from "@/lib/http/schemas";
import { ZUserIds } from "@/lib/inboxes/schemas";

/** Chatwoot stores team names lowercased; they are unique per account. */
const teamFields = {
  name: ZName.toLowerCase(),
  description: z.string().max(10_000).nullable().optional(),
  allow_auto_assign: ZBool.optional(),
};

export const ZCreateTeam = z.object(teamFields).meta({ id: "TeamCreate" });
export type CreateTeamInput = z.output<typeof ZCreateTeam>;
export const ZUpdateTeam = z.object(teamFields).partial().meta({ id: "TeamUpdate" });
export type UpdateTeamInput = z.output<typeof ZUpdateTeam>;

export const ZTeam = z
  .object({
    id: z.int(),
    name: z.string(),
    description: z.string().nullable(),
    allow_auto_assign: z.boolean(),
    account_id: z.int(),
    is_member: z.boolean().meta({ description: "Whether the caller is a member of the team" }),
  })
  .meta({ id: "Team" });

export const ZTeamMembersInput = z.object({ user_ids: ZUserIds }).meta({ id: "TeamMembersInput" });
export type TeamMembersInput = z.output<typeof ZTeamMembersInput>;

export const ZAgentList = z.array(ZAgent);
