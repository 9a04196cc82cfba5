/** Chatwoot's `ALLOWED_WEBHOOK_EVENTS`: what an account webhook may subscribe to (validated by the webhooks API, Inc 2). */
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
