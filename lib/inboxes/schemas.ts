import { z } from "zod";
import { ZAgent } from "@/lib/agents/schemas";
import { ZAgentBot } from "@/lib/agent-bots/schemas";
import { ZBodyId, ZBool, ZId, ZName, ZObject, ZTimeZone, ZUrl } from "@/lib/http/schemas";

const text = (max: number) => z.string().max(max).nullable().optional();

export const ZHexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, { message: "must be a hex color such as #1f93ff" });

export const replyTimes = ["in_a_few_minutes", "in_a_few_hours", "in_a_day"] as const;
export const senderNameTypes = ["friendly", "professional"] as const;

/** Chatwoot enums arrive as their name or their integer. */
const ZSenderNameType = z.union([
  z.enum(senderNameTypes),
  z.union([z.literal(0), z.literal(1)]).transform((index) => senderNameTypes[index]),
]);
const ZReplyTime = z.union([
  z.enum(replyTimes),
  z.union([z.literal(0), z.literal(1), z.literal(2)]).transform((index) => replyTimes[index]),
]);

const ZHour = z.int().min(0, { message: "must be between 0 and 23" }).max(23, { message: "must be between 0 and 23" });
const ZMinute = z.int().min(0, { message: "must be between 0 and 59" }).max(59, { message: "must be between 0 and 59" });

export const ZWorkingHourInput = z
  .object({
    day_of_week: z.int().min(0).max(6).meta({ description: "0 = Sunday" }),
    closed_all_day: ZBool.optional(),
    open_all_day: ZBool.optional(),
    open_hour: ZHour.nullable().optional(),
    open_minutes: ZMinute.nullable().optional(),
    close_hour: ZHour.nullable().optional(),
    close_minutes: ZMinute.nullable().optional(),
  })
  .meta({ id: "WorkingHourInput" });

const ZWorkingHoursInput = z
  .array(ZWorkingHourInput)
  .max(7)
  .refine((rows) => new Set(rows.map((row) => row.day_of_week)).size === rows.length, { message: "names a day_of_week more than once" });

/** An empty string clears the webhook, as Chatwoot's settings form sends it. */
const ZWebhookUrl = z.union([z.literal("").transform(() => null), ZUrl]).nullable().optional();

/** Channel settings; each channel type keeps the ones that apply to it. */
const channelFields = {
  webhook_url: ZWebhookUrl.meta({ description: "API channel: where inbox events are posted" }),
  hmac_mandatory: ZBool.optional(),
  additional_attributes: ZObject.optional(),
  website_url: z.string().trim().min(1, { message: "can't be blank" }).max(2048).optional(),
  widget_color: ZHexColor.optional(),
  welcome_title: text(255),
  welcome_tagline: text(1000),
  reply_time: ZReplyTime.optional(),
  pre_chat_form_enabled: ZBool.optional(),
  pre_chat_form_options: ZObject.optional(),
  continuity_via_email: ZBool.optional(),
  allowed_domains: text(10_000),
  selected_feature_flags: z.array(z.string().max(100)).max(50).optional(),
};

const ZChannelCreate = z.discriminatedUnion("type", [
  z.object({ ...channelFields, type: z.literal("api") }),
  z.object({ ...channelFields, type: z.literal("web_widget"), website_url: channelFields.website_url.unwrap() }),
]);
export const ZChannelUpdate = z.object(channelFields).meta({ id: "InboxChannelUpdate" });
export type ChannelInput = z.output<typeof ZChannelUpdate>;

const inboxFields = {
  name: ZName,
  avatar_url: ZUrl.nullable().optional(),
  greeting_enabled: ZBool.optional(),
  greeting_message: text(10_000),
  enable_email_collect: ZBool.optional(),
  csat_survey_enabled: ZBool.optional(),
  enable_auto_assignment: ZBool.optional(),
  auto_assignment_config: ZObject.optional(),
  working_hours_enabled: ZBool.optional(),
  working_hours: ZWorkingHoursInput.optional(),
  out_of_office_message: text(10_000),
  timezone: ZTimeZone.optional(),
  allow_messages_after_resolved: ZBool.optional(),
  lock_to_single_conversation: ZBool.optional(),
  sender_name_type: ZSenderNameType.optional(),
  business_name: text(255),
  portal_id: ZBodyId.nullable().optional().meta({ description: "The account's help center whose articles agents insert here; null unlinks" }),
};

export const ZCreateInbox = z
  .object({ ...inboxFields, channel: ZChannelCreate.meta({ description: "`type` is `api` or `web_widget`" }) })
  .meta({ id: "InboxCreate" });
export type CreateInboxInput = z.output<typeof ZCreateInbox>;

export const ZUpdateInbox = z
  .object({ ...inboxFields, channel: ZChannelUpdate.optional() })
  .partial()
  .meta({ id: "InboxUpdate" });
export type UpdateInboxInput = z.output<typeof ZUpdateInbox>;

export const ZSetAgentBot = z
  .object({ agent_bot: ZBodyId.nullable().optional().meta({ description: "The bot's id; null or absent detaches the inbox's bot" }) })
  .meta({ id: "InboxSetAgentBot" });

export const ZWorkingHour = z
  .object({
    day_of_week: z.int(),
    closed_all_day: z.boolean(),
    open_all_day: z.boolean(),
    open_hour: z.int().nullable(),
    open_minutes: z.int().nullable(),
    close_hour: z.int().nullable(),
    close_minutes: z.int().nullable(),
  })
  .meta({ id: "WorkingHour" });

export const ZInbox = z
  .object({
    id: z.int(),
    avatar_url: z.string(),
    channel_id: z.int(),
    name: z.string(),
    channel_type: z.enum(["Channel::Api", "Channel::WebWidget"]),
    greeting_enabled: z.boolean(),
    greeting_message: z.string().nullable(),
    working_hours_enabled: z.boolean(),
    enable_email_collect: z.boolean(),
    csat_survey_enabled: z.boolean(),
    enable_auto_assignment: z.boolean(),
    auto_assignment_config: ZObject,
    out_of_office_message: z.string().nullable(),
    working_hours: z.array(ZWorkingHour),
    timezone: z.string(),
    callback_webhook_url: z.string().nullable(),
    allow_messages_after_resolved: z.boolean(),
    lock_to_single_conversation: z.boolean(),
    sender_name_type: z.enum(senderNameTypes),
    business_name: z.string().nullable(),
    widget_color: z.string().nullable(),
    website_url: z.string().nullable(),
    hmac_mandatory: z.boolean(),
    welcome_title: z.string().nullable(),
    welcome_tagline: z.string().nullable(),
    web_widget_script: z.string().nullable(),
    website_token: z.string().nullable().meta({ description: "Web widget inboxes: the widget token (= inbox_identifier)" }),
    selected_feature_flags: z.array(z.string()).nullable(),
    reply_time: z.enum(replyTimes).nullable(),
    pre_chat_form_enabled: z.boolean().nullable(),
    pre_chat_form_options: ZObject.nullable(),
    continuity_via_email: z.boolean().nullable(),
    allowed_domains: z.string().nullable(),
    webhook_url: z.string().nullable(),
    inbox_identifier: z.string().meta({ description: "The Client API's {inbox_identifier}" }),
    additional_attributes: ZObject.nullable(),
    messaging_service_sid: z.null(),
    phone_number: z.null(),
    provider: z.null(),
    portal_id: z.int().nullable(),
    help_center: z.object({ name: z.string(), slug: z.string() }).optional().meta({ description: "The linked help center; absent when none" }),
    hmac_token: z.string().optional().meta({ description: "Administrators only" }),
    secret: z.string().optional().meta({ description: "Webhook signing secret; administrators only" }),
  })
  .meta({ id: "Inbox" });

export const ZInboxList = z.object({ payload: z.array(ZInbox) });

export const ZInboxAgentBot = z.object({
  agent_bot: z.union([ZAgentBot, z.object({}).strict()]).meta({ description: "The inbox's bot, or {} when it has none" }),
});

export const ZInboxMemberParams = z.object({ account_id: ZId, inbox_id: ZId });

export const ZUserIds = z.array(ZBodyId).max(1000);

export const ZInboxMembersInput = z.object({ inbox_id: ZBodyId, user_ids: ZUserIds }).meta({ id: "InboxMembersInput" });
export type InboxMembersInput = z.output<typeof ZInboxMembersInput>;

export const ZAgentPayload = z.object({ payload: z.array(ZAgent) });
