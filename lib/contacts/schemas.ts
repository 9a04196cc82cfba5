import { z } from "zod";
import { ZBodyId, ZBool, ZEmail, ZObject, ZUrl } from "@/lib/http/schemas";

/** Chatwoot clients clear a field by sending "" as often as null: both mean "none". */
const blankable = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? null : value), schema.nullable()).optional();

export const ZPhoneNumber = z
  .string()
  .trim()
  .regex(/^\+\d{7,15}$/, { message: "should be in e164 format" });

const contactFields = {
  name: z
    .string()
    .trim()
    .max(255)
    .nullish()
    .transform((v) => (v === undefined ? undefined : (v ?? ""))),
  email: blankable(ZEmail),
  phone_number: blankable(ZPhoneNumber),
  identifier: blankable(z.string().trim().max(255)),
  blocked: ZBool.optional(),
  avatar_url: blankable(ZUrl),
  additional_attributes: ZObject.optional(),
  custom_attributes: ZObject.optional(),
};

export const ZContactCreate = z
  .object({
    ...contactFields,
    inbox_id: ZBodyId.optional().meta({ description: "Also give the contact an identity (contact_inbox) in this inbox" }),
    source_id: z.string().trim().min(1).max(255).optional().meta({ description: "The identity's source id; a UUID when omitted" }),
  })
  .meta({ id: "ContactCreate" });
export type ContactCreateInput = z.output<typeof ZContactCreate>;

export const ZContactUpdate = z
  .object(contactFields)
  .meta({ id: "ContactUpdate", description: "`additional_attributes` and `custom_attributes` are merged into the stored ones" });
export type ContactUpdateInput = z.output<typeof ZContactUpdate>;

export const contactSortKeys = ["name", "email", "phone_number", "last_activity_at", "created_at", "company", "city", "country"] as const;
export type ContactSortKey = (typeof contactSortKeys)[number];
export type ContactSort = { key: ContactSortKey; descending: boolean };

const ZSort = z
  .enum([...contactSortKeys, ...contactSortKeys.map((key) => `-${key}` as const)])
  .transform((value): ContactSort => ({ key: value.replace(/^-/, "") as ContactSortKey, descending: value.startsWith("-") }))
  .optional()
  .meta({ description: "Sort key; prefix `-` for descending. Default: last activity, most recent first" });

export const ZPage = z.coerce.number().int().min(1).max(100_000).default(1).meta({ description: "1-based page (15 per page)" });

export const ZContactListQuery = z.object({
  page: ZPage,
  sort: ZSort,
  labels: z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : [v]).map((label) => label.trim().toLowerCase()).filter(Boolean))
    .optional()
    .meta({ description: "`labels[]=a&labels[]=b`: contacts with any of these labels" }),
  include_contact_inboxes: ZBool.default(true),
});
export type ContactListQuery = z.output<typeof ZContactListQuery>;

export const ZContactSearchQuery = z.object({
  q: z.string().max(255).optional().meta({ description: "Matched against name, email, phone number and identifier" }),
  page: ZPage,
  sort: ZSort,
});
export type ContactSearchQuery = z.output<typeof ZContactSearchQuery>;

export const ZPageQuery = z.object({ page: ZPage });

export const ZContactLabels = z.object({
  labels: z.array(z.string().trim().min(1, { message: "can't be blank" }).max(255)).max(100),
});

export const ZContactInboxCreate = z.object({
  inbox_id: ZBodyId,
  source_id: z.string().trim().min(1).max(255).optional(),
});
export type ContactInboxCreateInput = z.output<typeof ZContactInboxCreate>;

export const ZContactMerge = z.object({ base_contact_id: ZBodyId, mergee_contact_id: ZBodyId });
export type ContactMergeInput = z.output<typeof ZContactMerge>;

const ZInboxSummary = z.object({
  id: z.number().int(),
  avatar_url: z.string(),
  channel_id: z.number().int(),
  name: z.string(),
  channel_type: z.string(),
  provider: z.string().nullable(),
});

export const ZContactableInbox = z.object({ source_id: z.string(), inbox: ZInboxSummary }).meta({ id: "ContactableInbox" });

export const ZContactSummary = z
  .object({
    additional_attributes: ZObject,
    availability_status: z.enum(["online", "offline"]),
    email: z.string().nullable(),
    id: z.number().int(),
    name: z.string(),
    phone_number: z.string().nullable(),
    blocked: z.boolean(),
    identifier: z.string().nullable(),
    thumbnail: z.string(),
    custom_attributes: ZObject,
    last_activity_at: z.number().int().nullable(),
    created_at: z.number().int(),
  })
  .meta({ id: "ContactSummary" });

export const ZContact = ZContactSummary.extend({
  contact_inboxes: z.array(ZContactableInbox).optional().meta({ description: "Omitted when include_contact_inboxes=false" }),
}).meta({ id: "Contact" });

export const ZContactList = z
  .object({ meta: z.object({ count: z.number().int(), current_page: z.number().int() }), payload: z.array(ZContact) })
  .meta({ id: "ContactList" });

export const ZContactSearchResult = z.object({
  meta: z.object({
    count: z.number().int().meta({ description: "Contacts on this page" }),
    current_page: z.number().int(),
    has_more: z.boolean(),
  }),
  payload: z.array(ZContact),
});
