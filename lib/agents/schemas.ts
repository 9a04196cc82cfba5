import { z } from "zod";
import { availabilities } from "@/db/schema";
import { roles } from "@/lib/auth/permissions";
import { ZBool, ZEmail, ZName } from "@/lib/http/schemas";
import { ZPassword } from "@/lib/users/schemas";

export const ZCreateAgent = z
  .object({
    name: ZName,
    email: ZEmail,
    role: z.enum(roles).default("agent"),
    availability: z.enum(availabilities).default("online"),
    auto_offline: ZBool.default(true),
    /** Ours, not Chatwoot's: lets an administrator set a first password, since we send no invitation mail. */
    password: ZPassword.optional(),
  })
  .meta({ id: "AgentCreate" });
export type CreateAgentInput = z.output<typeof ZCreateAgent>;

export const ZUpdateAgent = z
  .object({ name: ZName, role: z.enum(roles), availability: z.enum(availabilities), auto_offline: ZBool })
  .partial()
  .meta({ id: "AgentUpdate" });
export type UpdateAgentInput = z.output<typeof ZUpdateAgent>;

export const ZAgent = z
  .object({
    id: z.number().int(),
    account_id: z.number().int(),
    availability_status: z.enum(availabilities),
    auto_offline: z.boolean(),
    confirmed: z.boolean(),
    email: z.string(),
    provider: z.string(),
    available_name: z.string(),
    name: z.string(),
    role: z.enum(roles),
    thumbnail: z.string(),
    custom_role_id: z.number().int().nullable(),
  })
  .meta({ id: "Agent" });
