import { z } from "zod";
import { messageStatuses } from "@/db/schema";
import { ZUpload } from "@/lib/storage/uploads";
import { ZBool, ZId, ZJsonValue, ZObject, ZUrl } from "@/lib/http/schemas";

/** Message ids are bigints: wider than the other path ids. */
const ZMessageId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const ZMessageParams = z.object({ account_id: ZId, conversation_id: ZId, message_id: ZMessageId });

const optionalQuery = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

export const ZMessageListQuery = z.object({
  before: optionalQuery(ZMessageId),
  after: optionalQuery(ZMessageId),
  filter_internal_messages: optionalQuery(ZBool),
});
export type MessageListQuery = z.output<typeof ZMessageListQuery>;

/** What agents and bots may create through the Application API. */
export const creatableContentTypes = ["text", "input_email", "cards", "input_select", "form", "article"] as const;
export type CreatableContentType = (typeof creatableContentTypes)[number];

/**
 * Chatwoot's ContentAttributeValidator: the interactive types need at least one item, and
 * items (and card actions) may carry only the listed keys.
 */
const items = <S extends z.ZodType>(item: S) => z.array(item).min(1, { message: "At least one item is required." }).max(100);
const text = z.string().max(10_000);

const ZSelectItem = z.strictObject({ title: text.optional(), value: z.union([text, z.number(), z.boolean()]).optional() });
const ZCardAction = z.strictObject({
  text: text.optional(),
  type: z.enum(["link", "postback"]).optional(),
  payload: z.union([text, z.number(), ZObject]).optional(),
  uri: text.optional(),
});
const ZCardItem = z.strictObject({
  title: text.optional(),
  description: text.optional(),
  media_url: text.optional(),
  actions: z.array(ZCardAction).min(1, { message: "each card needs at least one action" }).max(20),
});
const ZFormItem = z.strictObject({
  type: text.optional(),
  placeholder: text.optional(),
  label: text.optional(),
  name: text.optional(),
  options: z.array(ZJsonValue).max(100).optional(),
  default: ZJsonValue.optional(),
  required: z.boolean().optional(),
  pattern: text.optional(),
  title: text.optional(),
  pattern_error: text.optional(),
});
/** Help center articles (spec §9.2): the widget renders each item as a link to `link`, so only http(s) goes there. */
const ZArticleItem = z.strictObject({ title: text.optional(), description: text.optional(), link: ZUrl.max(2_000).optional() });

const withItems = <S extends z.ZodType>(item: S) => z.looseObject({ items: items(item) });

export const contentAttributeSchemas: Partial<Record<CreatableContentType, z.ZodType>> = {
  input_select: withItems(ZSelectItem),
  cards: withItems(ZCardItem),
  form: withItems(ZFormItem),
  article: withItems(ZArticleItem),
};

/** Content may be left out only by the types whose items carry the message. */
const needsContent = (type: CreatableContentType) => !(type in contentAttributeSchemas);

export const ZCreateMessage = z
  .object({
    content: z.string().max(150_000).nullish(),
    message_type: z.enum(["outgoing", "incoming"]).default("outgoing"),
    private: ZBool.default(false),
    content_type: z.enum(creatableContentTypes).default("text"),
    content_attributes: ZObject.default({}),
    echo_id: z.union([z.string().max(255), z.number().transform(String)]).optional(),
    source_id: z.union([z.string().trim().max(255), z.number().int().transform(String)]).nullish(),
    campaign_id: z.number().int().positive().nullish(),
    template_params: ZObject.optional(),
    attachments: z.array(ZUpload).max(10, { message: "at most 10 files per message" }).optional(),
  })
  .superRefine((value, context) => {
    const hasFiles = (value.attachments?.length ?? 0) > 0;
    if (needsContent(value.content_type) && value.content == null && !hasFiles) {
      context.addIssue({ code: "invalid_type", expected: "string", path: ["content"], message: "is required", input: undefined });
    } else if (needsContent(value.content_type) && !hasFiles && !value.content?.trim()) {
      context.addIssue({ code: "custom", path: ["content"], message: "can't be blank", input: value.content });
    }
    const schema = contentAttributeSchemas[value.content_type];
    if (!schema) return;
    const result = schema.safeParse(value.content_attributes);
    if (result.success) return;
    for (const issue of result.error.issues) {
      context.addIssue({ code: "custom", path: ["content_attributes", ...issue.path.map(String)], message: issue.message, input: undefined });
    }
  })
  .meta({ id: "MessageCreate" });
export type CreateMessageInput = z.output<typeof ZCreateMessage>;

export const ZUpdateMessage = z
  .object({ status: z.enum(messageStatuses), external_error: z.string().max(10_000).nullish() })
  .meta({ id: "MessageStatusUpdate" });
export type UpdateMessageInput = z.output<typeof ZUpdateMessage>;

// Responses.

export const ZMessageSender = z
  .object({
    id: z.number().int(),
    name: z.string(),
    type: z.enum(["contact", "user", "agent_bot"]),
    thumbnail: z.string().optional(),
    avatar_url: z.string().optional(),
  })
  .catchall(z.unknown())
  .meta({ id: "MessageSender" });

export const ZAttachment = z
  .object({
    id: z.number().int(),
    message_id: z.number().int(),
    file_type: z.string(),
    account_id: z.number().int(),
    extension: z.string().nullable(),
    data_url: z.string().nullable(),
    thumb_url: z.string().nullable(),
    file_size: z.number().int().nullable(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
  })
  .meta({ id: "Attachment" });

const messageFields = {
  id: z.number().int(),
  content: z.string().nullable(),
  inbox_id: z.number().int(),
  echo_id: z.string().optional().meta({ description: "Only in the create response, as sent" }),
  conversation_id: z.number().int().meta({ description: "The conversation's display id" }),
  message_type: z.number().int().meta({ description: "incoming 0, outgoing 1, activity 2, template 3" }),
  content_type: z.string(),
  status: z.enum(messageStatuses),
  content_attributes: ZObject,
  created_at: z.number().int(),
  private: z.boolean(),
  source_id: z.string().nullable(),
  sender: ZMessageSender.optional(),
  attachments: z.array(ZAttachment).optional(),
};

export const ZMessage = z.object(messageFields).meta({ id: "Message" });

/** The conversation's last message, in Chatwoot's push-event format. */
export const ZPushMessage = z
  .object({
    ...messageFields,
    account_id: z.number().int(),
    updated_at: z.number().int(),
    sender_type: z.string().nullable(),
    sender_id: z.number().int().nullable(),
    external_source_ids: ZObject,
    additional_attributes: ZObject,
    processed_message_content: z.string().nullable(),
    sentiment: ZObject,
    conversation: z.object({
      assignee_id: z.number().int().nullable(),
      unread_count: z.number().int(),
      last_activity_at: z.number().int(),
      contact_inbox: z.object({ source_id: z.string().nullable() }),
    }),
  })
  .meta({ id: "PushMessage" });

export const ZMessageListResult = z
  .object({
    meta: z.object({
      labels: z.array(z.string()),
      additional_attributes: ZObject,
      contact: ZMessageSender,
      assignee: ZMessageSender.optional(),
      agent_last_seen_at: z.number().int().nullable(),
      assignee_last_seen_at: z.number().int().nullable(),
    }),
    payload: z.array(ZMessage),
  })
  .meta({ id: "MessageList" });
