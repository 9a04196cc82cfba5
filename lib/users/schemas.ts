import { z } from "zod";
import { availabilities } from "@/db/schema";
import { roles } from "@/lib/auth/permissions";
import { ZEmail, ZName, ZObject } from "@/lib/http/schemas";

export const ZPassword = z
  .string()
  .min(8, { message: "must be at least 8 characters" })
  .max(128)
  .regex(/[a-zA-Z]/, { message: "must contain a letter" })
  .regex(/[^a-zA-Z]/, { message: "must contain a digit or a symbol" });

export const ZAccountMembership = z
  .object({
    id: z.number().int(),
    name: z.string(),
    status: z.string(),
    active_at: z.string().nullable(),
    role: z.enum(roles),
    permissions: z.array(z.string()),
    availability: z.enum(availabilities),
    availability_status: z.enum(availabilities),
    auto_offline: z.boolean(),
  })
  .meta({ id: "AccountMembership" });

export const ZUser = z
  .object({
    id: z.number().int(),
    access_token: z.string().nullable(),
    account_id: z.number().int().nullable(),
    available_name: z.string(),
    avatar_url: z.string(),
    confirmed: z.boolean(),
    display_name: z.string().nullable(),
    message_signature: z.string().nullable(),
    email: z.string(),
    hmac_identifier: z.string(),
    inviter_id: z.number().int().nullable(),
    name: z.string(),
    provider: z.string(),
    pubsub_token: z.string(),
    role: z.enum(roles).nullable(),
    ui_settings: ZObject,
    uid: z.string(),
    type: z.string(),
    custom_attributes: ZObject,
    accounts: z.array(ZAccountMembership),
  })
  .meta({ id: "User" });

/** PUT /api/v1/profile (body may be wrapped in `profile`). A new password needs the current one. */
export const ZUpdateProfile = z
  .object({
    name: ZName,
    display_name: z.string().trim().max(255).nullable(),
    email: ZEmail,
    message_signature: z.string().max(10_000).nullable(),
    ui_settings: ZObject,
    password: ZPassword,
    password_confirmation: z.string(),
    current_password: z.string(),
  })
  .partial()
  .refine((p) => p.password === undefined || p.password === p.password_confirmation || p.password_confirmation === undefined, {
    message: "doesn't match password",
    path: ["password_confirmation"],
  })
  .meta({ id: "ProfileUpdate" });
export type UpdateProfileInput = z.output<typeof ZUpdateProfile>;
