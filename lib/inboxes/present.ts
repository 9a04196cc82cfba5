import { publicBaseUrl } from "@/lib/http/request";
import { widgetSnippet } from "@/lib/widget/snippet";
import type { AccountCtx } from "@/lib/auth/caller";
import { seesCredentials } from "@/lib/auth/authorize";
import type { HelpCenter, Inbox } from "./summary";
import { replyTimes } from "./schemas";
import { weeklySchedule } from "./working-hours";

export const defaultWidgetColor = "#1f93ff";

/** A channel as people name it (Chatwoot's words, also in its reports' CSVs). */
export const channelLabels = { "Channel::Api": "API", "Channel::WebWidget": "Website" } as const;
const defaultFeatureFlags = ["attachments", "emoji_picker", "end_conversation"];


type Config = Record<string, unknown>;
const stringOf = (config: Config, key: string) => (typeof config[key] === "string" ? (config[key] as string) : null);
const boolOf = (config: Config, key: string, fallback: boolean) => (typeof config[key] === "boolean" ? (config[key] as boolean) : fallback);
const objectOf = (config: Config, key: string) => {
  const value = config[key];
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Config) : {};
};

/**
 * Chatwoot's inbox JSON. Widget settings are null on API inboxes and the reverse, as Chatwoot's
 * `channel.try(...)` renders them; the HMAC token and signing secret are for administrators.
 */
export const presentInbox = (ctx: AccountCtx, inbox: Inbox & { helpCenter?: HelpCenter | null }) => ({
  ...presentInboxSettings(inbox),
  portal_id: inbox.portalId,
  ...(inbox.helpCenter ? { help_center: { name: inbox.helpCenter.name, slug: inbox.helpCenter.slug } } : {}),
  ...(seesCredentials(ctx) ? { hmac_token: inbox.hmacToken, secret: inbox.secret } : {}),
});

/** The inbox JSON without its credentials. */
const presentInboxSettings = (inbox: Inbox) => {
  const config = inbox.channelConfig;
  const widget = inbox.channelType === "Channel::WebWidget";
  const replyTime = stringOf(config, "reply_time");
  const flags = config.selected_feature_flags;
  return {
    id: inbox.id,
    avatar_url: inbox.avatarUrl ?? "",
    channel_id: inbox.id,
    name: inbox.name,
    channel_type: inbox.channelType,
    greeting_enabled: inbox.greetingEnabled,
    greeting_message: inbox.greetingMessage,
    working_hours_enabled: inbox.workingHoursEnabled,
    enable_email_collect: inbox.enableEmailCollect,
    csat_survey_enabled: inbox.csatSurveyEnabled,
    enable_auto_assignment: inbox.enableAutoAssignment,
    auto_assignment_config: inbox.autoAssignmentConfig,
    out_of_office_message: inbox.outOfOfficeMessage,
    working_hours: weeklySchedule(inbox.workingHours),
    timezone: inbox.timezone,
    callback_webhook_url: null as string | null,
    allow_messages_after_resolved: inbox.allowMessagesAfterResolved,
    lock_to_single_conversation: inbox.lockToSingleConversation,
    sender_name_type: inbox.senderNameType,
    business_name: inbox.businessName,
    widget_color: widget ? (stringOf(config, "widget_color") ?? defaultWidgetColor) : null,
    website_url: widget ? stringOf(config, "website_url") : null,
    hmac_mandatory: inbox.hmacMandatory,
    welcome_title: widget ? stringOf(config, "welcome_title") : null,
    welcome_tagline: widget ? stringOf(config, "welcome_tagline") : null,
    // The snippet a venue pastes (as on the inbox's settings page), when the public URL is configured.
    web_widget_script: widget && publicBaseUrl() ? widgetSnippet({ baseUrl: publicBaseUrl(), websiteToken: inbox.identifier }) : null,
    website_token: widget ? inbox.identifier : null,
    selected_feature_flags: widget ? (Array.isArray(flags) ? (flags as string[]) : defaultFeatureFlags) : null,
    reply_time: widget ? (replyTimes.find((time) => time === replyTime) ?? "in_a_few_minutes") : null,
    pre_chat_form_enabled: widget ? boolOf(config, "pre_chat_form_enabled", false) : null,
    pre_chat_form_options: widget ? objectOf(config, "pre_chat_form_options") : null,
    continuity_via_email: widget ? boolOf(config, "continuity_via_email", true) : null,
    allowed_domains: widget ? stringOf(config, "allowed_domains") : null,
    webhook_url: widget ? null : inbox.webhookUrl,
    inbox_identifier: inbox.identifier,
    additional_attributes: widget ? null : objectOf(config, "additional_attributes"),
    messaging_service_sid: null,
    phone_number: null,
    provider: null,
  };
};

/** The channel part of an inbox's webhook data: Chatwoot's channel row, never its `secret` or `hmac_token`. */
const channelWebhook = (inbox: Inbox, json: ReturnType<typeof presentInboxSettings>) => {
  const common = { id: inbox.id, account_id: inbox.accountId, hmac_mandatory: inbox.hmacMandatory };
  const times = { created_at: inbox.createdAt.toISOString(), updated_at: inbox.updatedAt.toISOString() };
  if (inbox.channelType === "Channel::Api") {
    return { ...common, webhook_url: inbox.webhookUrl, identifier: inbox.identifier, additional_attributes: json.additional_attributes, ...times };
  }
  return {
    ...common,
    website_url: json.website_url,
    website_token: json.website_token,
    widget_color: json.widget_color,
    welcome_title: json.welcome_title,
    welcome_tagline: json.welcome_tagline,
    selected_feature_flags: json.selected_feature_flags,
    reply_time: json.reply_time,
    pre_chat_form_enabled: json.pre_chat_form_enabled,
    pre_chat_form_options: json.pre_chat_form_options,
    continuity_via_email: json.continuity_via_email,
    allowed_domains: json.allowed_domains,
    ...times,
  };
};

/**
 * inbox_created / inbox_updated data: Chatwoot's `Inbox::EventDataPresenter#push_data`, with our
 * `id`, `name`, `account_id` and `channel_type` beside it and the channel without credentials.
 */
export const presentInboxWebhook = (inbox: Inbox) => {
  const json = presentInboxSettings(inbox);
  return {
    id: inbox.id,
    name: inbox.name,
    account_id: inbox.accountId,
    channel_type: inbox.channelType,
    allow_messages_after_resolved: json.allow_messages_after_resolved,
    lock_to_single_conversation: json.lock_to_single_conversation,
    auto_assignment_config: json.auto_assignment_config,
    enable_auto_assignment: json.enable_auto_assignment,
    enable_email_collect: json.enable_email_collect,
    greeting_enabled: json.greeting_enabled,
    greeting_message: json.greeting_message,
    csat_survey_enabled: json.csat_survey_enabled,
    business_name: json.business_name,
    sender_name_type: json.sender_name_type,
    timezone: json.timezone,
    out_of_office_message: json.out_of_office_message,
    working_hours_enabled: json.working_hours_enabled,
    working_hours: json.working_hours,
    created_at: inbox.createdAt.toISOString(),
    updated_at: inbox.updatedAt.toISOString(),
    channel: channelWebhook(inbox, json),
  };
};

export const presentInboxes = (ctx: AccountCtx, inboxes: readonly (Inbox & { helpCenter?: HelpCenter | null })[]) => ({
  payload: inboxes.map((inbox) => presentInbox(ctx, inbox)),
});
