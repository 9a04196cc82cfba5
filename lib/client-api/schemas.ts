import { z } from "zod";
import { conversationStatuses } from "@/db/schema";
import { ZPhoneNumber } from "@/lib/contacts/schemas";
import { ZEmail, ZId, ZObject, ZUrl } from "@/lib/http/schemas";
import { ZLiveQuery } from "@/lib/live/schemas";
import { ZAttachment, ZMessage, ZMessageSender } from "@/lib/messages/schemas";

// Path parameters: route folders [inbox_identifier], [contact_identifier], [conversation_id], [message_id].

const ZIdentifier = z.string().min(1).max(255);
/** Message ids are bigints: wider than the other path ids. */
const ZMessageId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const ZInboxParams = z.object({
  inbox_identifier: ZIdentifier.meta({ description: "The API inbox's identifier (inbox_identifier in its settings)" }),
});
export const ZContactParams = ZInboxParams.extend({
  contact_identifier: ZIdentifier.meta({ description: "The contact's source_id in this inbox, returned when it was created" }),
});
export const ZConversationParams = ZContactParams.extend({
  conversation_id: ZId.meta({ description: "The conversation's display id" }),
});
export const ZMessageParams = ZConversationParams.extend({ message_id: ZMessageId });

// Requests.

/** Clients clear a field by sending "" as often as null: both mean "none". */
const blankable = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? null : value), schema.nullable()).optional();

/** Ids from other systems arrive as numbers as often as strings. */
const ZExternalId = z.union([z.string().trim().max(255), z.number().int().transform(String)]);

const contactFields = {
  identifier: blankable(ZExternalId).meta({ description: "The contact's id in your system" }),
  identifier_hash: blankable(z.string().trim().max(255)).meta({
    description: "Hex HMAC-SHA256 of `identifier` keyed with the inbox's hmac_token; required when the inbox has hmac_mandatory",
  }),
  name: z
    .string()
    .trim()
    .max(255)
    .nullish()
    .transform((v) => (v === undefined ? undefined : (v ?? ""))),
  email: blankable(ZEmail),
  phone_number: blankable(ZPhoneNumber),
  avatar_url: blankable(ZUrl),
  custom_attributes: ZObject.optional(),
};

export const ZClientContactCreate = z
  .object({
    ...contactFields,
    source_id: blankable(ZExternalId).meta({ description: "The contact's session id in this inbox; a UUID when omitted" }),
  })
  .meta({ id: "ClientContactCreate" });
export type ClientContactCreate = z.output<typeof ZClientContactCreate>;

export const ZClientContactUpdate = z
  .object(contactFields)
  .meta({ id: "ClientContactUpdate", description: "Only the fields sent change; `custom_attributes` are merged into the stored ones" });
export type ClientContactUpdate = z.output<typeof ZClientContactUpdate>;

export const ZClientConversationCreate = z.object({ custom_attributes: ZObject.optional() }).meta({ id: "ClientConversationCreate" });
export type ClientConversationCreate = z.output<typeof ZClientConversationCreate>;

export const ZClientTyping = z.object({ typing_status: z.enum(["on", "off"]) });

/** The widget's live stream: the contact inbox's `pubsub_token` (from the contact session) is the credential. */
export const ZClientLiveQuery = ZLiveQuery.extend({ pubsub_token: z.string().min(1).max(255) });
export type ClientLiveQuery = z.output<typeof ZClientLiveQuery>;

const ZShortText = z.string().max(100).nullable();
/** What the website chat tells about its opening (Chatwoot's widget `event_info`; the browser is read from its User-Agent). */
export const ZWidgetEventInfo = z.object({
  initiated_at: z.object({ timestamp: z.string().max(100) }),
  referer: z.string().max(2000).nullable(),
  widget_language: ZShortText,
  browser_language: ZShortText,
});
export type WidgetEventInfo = z.output<typeof ZWidgetEventInfo>;

export const ZClientMessageCreate = z
  .object({
    content: z.string().max(150_000).refine((v) => v.trim() !== "", { message: "can't be blank" }),
    echo_id: z.union([z.string().max(255), z.number().transform(String)]).optional().meta({
      description: "The client's temporary id for the message, sent back in the response",
    }),
  })
  .meta({ id: "ClientMessageCreate" });
export type ClientMessageCreate = z.output<typeof ZClientMessageCreate>;

const optionalQuery = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

export const ZClientMessageQuery = z.object({
  before: optionalQuery(ZMessageId).meta({ description: "A message id: the 20 messages before it (default: the latest 20)" }),
});

export const ZSubmittedValues = z
  .object({
    submitted_values: z.union([ZObject, z.array(ZObject).max(100)]).meta({
      description:
        "The contact's reply to an input_select, form, input_email or input_csat message: `{name, title, value}`, `{csat_survey_response: {rating, feedback_message}}`, or an array of `{title, value}`",
    }),
  })
  .meta({ id: "ClientMessageUpdate" });
export type SubmittedValues = z.output<typeof ZSubmittedValues>["submitted_values"];

// Responses.

export const ZClientInbox = z
  .object({
    identifier: z.string(),
    name: z.string(),
    timezone: z.string(),
    working_hours: z.array(
      z.object({
        day_of_week: z.number().int(),
        closed_all_day: z.boolean(),
        open_all_day: z.boolean(),
        open_hour: z.number().int().nullable(),
        open_minutes: z.number().int().nullable(),
        close_hour: z.number().int().nullable(),
        close_minutes: z.number().int().nullable(),
      }),
    ),
    working_hours_enabled: z.boolean(),
    csat_survey_enabled: z.boolean(),
    greeting_enabled: z.boolean(),
    identity_validation_enabled: z.boolean().meta({ description: "Whether contacts must send identifier_hash (hmac_mandatory)" }),
  })
  .meta({ id: "ClientInbox" });

export const ZClientContact = z
  .object({
    source_id: z.string().meta({ description: "The contact_identifier for the other Client API routes" }),
    pubsub_token: z.string(),
    id: z.number().int(),
    name: z.string(),
    email: z.string().nullable(),
    phone_number: z.string().nullable(),
  })
  .meta({ id: "ClientContact" });

export const ZClientMessage = z
  .object({
    id: z.string(),
    content: z.string(),
    message_type: z.string().meta({ description: "incoming 0, outgoing 1, template 3 (as a string)" }),
    content_type: z.string(),
    content_attributes: z.string().meta({ description: "The content attributes object, JSON-encoded" }),
    created_at: z.string().meta({ description: "Unix time, seconds (as a string)" }),
    conversation_id: z.string().meta({ description: "The conversation's display id (as a string)" }),
    echo_id: z.string().optional().meta({ description: "Only in the create response, as sent" }),
    attachments: z.array(ZAttachment),
    sender: ZMessageSender.optional(),
  })
  .meta({ id: "ClientMessage", description: "Typed as INTERFACE.md gives it: every scalar a string" });

export const ZClientConversation = z
  .object({
    id: z.number().int().meta({ description: "The conversation's display id" }),
    uuid: z.string(),
    inbox_id: z.string(),
    contact_last_seen_at: z.number().int(),
    status: z.enum(conversationStatuses),
    agent_last_seen_at: z.number().int(),
    messages: z.array(ZMessage).meta({ description: "The conversation's messages, private notes and activity messages excluded" }),
    contact: z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable(), phone_number: z.string().nullable() }),
  })
  .meta({ id: "ClientConversation" });
