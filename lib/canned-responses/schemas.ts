import { z } from "zod";

export const ZCannedResponseInput = z
  .object({
    short_code: z
      .string()
      .trim()
      .min(1, { message: "can't be blank" })
      .max(100)
      .regex(/^\S+$/, { message: "can't contain spaces" }),
    content: z.string().trim().min(1, { message: "can't be blank" }).max(10_000),
  })
  .meta({ id: "CannedResponseInput" });
export type CannedResponseInput = z.output<typeof ZCannedResponseInput>;
export const ZCannedResponsePatch = ZCannedResponseInput.partial().meta({ id: "CannedResponsePatch" });
export type CannedResponsePatch = z.output<typeof ZCannedResponsePatch>;

export const ZCannedResponseQuery = z.object({ search: z.string().max(200).optional() });

export const ZCannedResponse = z
  .object({
    id: z.number().int(),
    account_id: z.number().int(),
    short_code: z.string(),
    content: z.string(),
    created_at: z.number().int(),
    updated_at: z.number().int(),
  })
  .meta({ id: "CannedResponse" });
