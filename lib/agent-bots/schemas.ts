import { z } from "zod";
import { ZName, ZObject, ZUrl } from "@/lib/http/schemas";

/** Chatwoot sends bot_type as "webhook" or its integer 0. */
const ZBotType = z.union([z.literal("webhook"), z.literal(0).transform(() => "webhook" as const)]);

const botFields = {
  name: ZName,
  description: z.string().max(10_000).nullable().optional(),
  outgoing_url: ZUrl.nullable().optional(),
  avatar_url: ZUrl.nullable().optional(),
  bot_type: ZBotType.optional(),
  bot_config: ZObject.optional(),
};

export const ZCreateAgentBot = z.object(botFields).meta({ id: "AgentBotCreate" });
export type CreateAgentBotInput = z.output<typeof ZCreateAgentBot>;
export const ZUpdateAgentBot = z.object(botFields).partial().meta({ id: "AgentBotUpdate" });
export type UpdateAgentBotInput = z.output<typeof ZUpdateAgentBot>;

export const ZAgentBot = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    thumbnail: z.string().nullable(),
    outgoing_url: z.string().nullable(),
    bot_type: z.literal("webhook"),
    bot_config: ZObject,
    account_id: z.number().int().nullable(),
    access_token: z.string().optional().meta({ description: "Shown to administrators and to the platform app that owns the bot" }),
    secret: z.string().optional().meta({ description: "Webhook signing secret; shown with access_token" }),
    system_bot: z.boolean(),
  })
  .meta({ id: "AgentBot" });
