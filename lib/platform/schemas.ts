import { z } from "zod";
import { ZLocale } from "@/lib/accounts/schemas";
import { ZCreateAgentBot, ZUpdateAgentBot } from "@/lib/agent-bots/schemas";
import { availabilities } from "@/db/schema";
import { roles } from "@/lib/auth/permissions";
import { ZBool, ZEmail, ZName, ZObject, ZBodyId } from "@/lib/http/schemas";
import { ZPassword } from "@/lib/users/schemas";

const accountStatuses = ["active", "suspended"] as const;

const accountFields = {
  locale: ZLocale,
  domain: z.string().trim().max(255).nullable(),
  support_email: ZEmail.nullable(),
  status: z.enum(accountStatuses),
  features: z.record(z.string().max(100), ZBool),
  limits: ZObject,
  custom_attributes: ZObject,
};

/** POST /platform/api/v1/accounts (body may be wrapped in `account`). */
export const ZPlatformAccountCreate = z
  .object({ name: ZName, ...accountFields })
  .partial()
  .required({ name: true })
  .meta({ id: "PlatformAccountCreate" });
export type PlatformAccountCreate = z.output<typeof ZPlatformAccountCreate>;

/** PATCH: features, limits and custom attributes merge into what the account has. */
export const ZPlatformAccountUpdate = z
  .object({ name: ZName, ...accountFields })
  .partial()
  .meta({ id: "PlatformAccountUpdate" });
export type PlatformAccountUpdate = z.output<typeof ZPlatformAccountUpdate>;

export const ZPlatformAccount = z
  .object({
    id: z.number().int(),
    name: z.string(),
    locale: z.string(),
    domain: z.string().nullable(),
    support_email: z.string().nullable(),
    features: z.record(z.string(), z.boolean()),
    custom_attributes: ZObject,
    limits: ZObject,
    status: z.enum(accountStatuses),
  })
  .meta({ id: "PlatformAccount" });

/** POST account_users: an upsert; without `role` a new member is an agent and an existing one keeps theirs. */
export const ZPlatformAccountUserUpsert = z
  .object({ user_id: ZBodyId, role: z.enum(roles).optional() })
  .meta({ id: "PlatformAccountUserUpsert" });
export type PlatformAccountUserUpsert = z.output<typeof ZPlatformAccountUserUpsert>;

export const ZPlatformAccountUserDelete = z.object({ user_id: ZBodyId }).meta({ id: "PlatformAccountUserDelete" });
export type PlatformAccountUserDelete = z.output<typeof ZPlatformAccountUserDelete>;

export const ZPlatformAccountUser = z
  .object({
    id: z.number().int(),
    account_id: z.number().int(),
    user_id: z.number().int(),
    role: z.enum(roles),
    inviter_id: z.number().int().nullable(),
    availability: z.enum(availabilities),
    auto_offline: z.boolean(),
    active_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "PlatformAccountUser" });

const userFields = {
  name: ZName,
  display_name: z.string().trim().max(255).nullable(),
  email: ZEmail,
  password: ZPassword,
  custom_attributes: ZObject,
};

/**
 * POST /platform/api/v1/users: finds the user with this email or creates one. `name` is
 * needed only to create; a found user is returned unchanged.
 */
export const ZPlatformUserCreate = z
  .object(userFields)
  .partial()
  .required({ email: true })
  .meta({ id: "PlatformUserCreate" });
export type PlatformUserCreate = z.output<typeof ZPlatformUserCreate>;

/** PATCH: custom attributes merge; a new email needs no reconfirmation. */
export const ZPlatformUserUpdate = z.object(userFields).partial().meta({ id: "PlatformUserUpdate" });
export type PlatformUserUpdate = z.output<typeof ZPlatformUserUpdate>;

export const ZPlatformLoginLink = z
  .object({ url: z.string().meta({ description: "One-time sign-in link, valid five minutes" }) })
  .meta({ id: "PlatformLoginLink" });

export const ZPlatformUserToken = z
  .object({
    access_token: z.string(),
    expiry: z.null(),
    user: z.object({
      id: z.number().int(),
      name: z.string(),
      display_name: z.string().nullable(),
      email: z.string(),
      pubsub_token: z.string(),
    }),
  })
  .meta({ id: "PlatformUserToken" });

/** A bot of one account the app may touch, or (account_id null or absent) a global bot. */
const ZBotAccountId = ZBodyId.nullable().optional();

export const ZPlatformAgentBotCreate = ZCreateAgentBot.extend({ account_id: ZBotAccountId }).meta({ id: "PlatformAgentBotCreate" });
export type PlatformAgentBotCreate = z.output<typeof ZPlatformAgentBotCreate>;

export const ZPlatformAgentBotUpdate = ZUpdateAgentBot.extend({ account_id: ZBotAccountId }).meta({ id: "PlatformAgentBotUpdate" });
export type PlatformAgentBotUpdate = z.output<typeof ZPlatformAgentBotUpdate>;
