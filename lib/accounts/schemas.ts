import { z } from "zod";
import { ZBool, ZEmail, ZName, ZObject, ZTimeZone } from "@/lib/http/schemas";

export const ZLocale = z.string().regex(/^[a-z]{2}(_[A-Z]{2})?$/, { message: "must be a locale such as en or pt_BR" });

/** PATCH /api/v1/accounts/{id}: Chatwoot's fields; settings and custom attributes are merged. */
export const ZUpdateAccount = z
  .object({
    name: ZName,
    locale: ZLocale,
    domain: z.string().trim().max(255).nullable(),
    support_email: ZEmail.nullable(),
    auto_resolve_after: z.coerce.number().int().min(10).max(1_439_856).nullable(),
    auto_resolve_message: z.string().max(10_000).nullable(),
    auto_resolve_ignore_waiting: ZBool,
    auto_resolve_label: z.string().max(255).nullable(),
    keep_pending_on_bot_failure: ZBool.meta({
      description: "When an agent bot cannot be reached, leave its pending conversations pending instead of opening them for agents",
    }),
    industry: z.string().max(255),
    company_size: z.string().max(255),
    timezone: ZTimeZone,
    custom_attributes: ZObject,
  })
  .partial()
  .meta({ id: "AccountUpdate" });
export type UpdateAccountInput = z.output<typeof ZUpdateAccount>;

export const ZAccount = z
  .object({
    id: z.number().int(),
    name: z.string(),
    locale: z.string(),
    domain: z.string().nullable(),
    support_email: z.string().nullable(),
    status: z.enum(["active", "suspended"]),
    created_at: z.string(),
    features: z.record(z.string(), z.boolean()),
    settings: ZObject,
    custom_attributes: ZObject,
    cache_keys: ZObject,
  })
  .meta({ id: "Account" });
