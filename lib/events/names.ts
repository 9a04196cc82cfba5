/** Chatwoot's `ALLOWED_WEBHOOK_EVENTS`: the Chatwoot events an account webhook may subscribe to. */
export const chatwootWebhookEvents = [
  "conversation_status_changed",
  "conversation_updated",
  "conversation_created",
  "contact_created",
  "contact_updated",
  "message_created",
  "message_updated",
  "webwidget_triggered",
  "inbox_created",
  "inbox_updated",
  "conversation_typing_on",
  "conversation_typing_off",
] as const;

/** What an agent bot hears (Chatwoot's `AgentBotListener`). */
export const botEvents: ReadonlySet<string> = new Set([
  "conversation_opened",
  "conversation_resolved",
  "conversation_status_changed",
  "conversation_updated",
  "message_created",
  "message_updated",
  "webwidget_triggered",
]);

/** Events about one inbox's conversations: an API inbox's `webhook_url` hears every one of them. */
export const inboxScopedEvents: ReadonlySet<string> = new Set([
  "conversation_status_changed",
  "conversation_updated",
  "conversation_created",
  "message_created",
  "message_updated",
  "webwidget_triggered",
  "conversation_typing_on",
  "conversation_typing_off",
]);

/**
 * Events about the account rather than one inbox's conversations: only account-wide webhooks hear
 * them (Chatwoot sends them to no inbox URL; an inbox-scoped webhook gets only its inbox's conversations).
 */
export const accountLevelEvents: ReadonlySet<string> = new Set(["contact_created", "contact_updated", "inbox_created", "inbox_updated"]);

/** Ours: planning and quote events, delivered like Chatwoot's to account webhooks that subscribe to them. */
export const planningEvents = [
  "allocation_created",
  "allocation_updated",
  "allocation_cancelled",
  "allocation_expired",
  "event_created",
  "event_updated",
  "quote_sent",
  "quote_viewed",
  "quote_accepted",
  "quote_rejected",
  "quote_withdrawn",
] as const;

/** Everything a webhook's `subscriptions` may name; anything else is a 422. */
export const subscribableEvents = [...chatwootWebhookEvents, ...planningEvents] as const;
export type SubscribableEvent = (typeof subscribableEvents)[number];

/**
 * Ours: events only the live streams carry (no webhook hears them). `presence_update` tells an
 * account's members who is online, busy or offline now (data `{users: {"<user id>": status}}`).
 * `notification_created|updated|deleted` go to the one user whose notifications changed (data
 * `{id?, notification_type?, unread_count}`; Chatwoot's `notification.created` and kin).
 */
export const liveOnlyEvents = ["presence_update", "notification_created", "notification_updated", "notification_deleted"] as const;
