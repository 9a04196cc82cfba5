import type { DbOrTx } from "@/db/client";
import { presentContactInboxWebhook } from "@/lib/events/payloads";
import { recordEvent } from "@/lib/events/record";
import type { Inbox } from "@/lib/inboxes/summary";
import { browserOf } from "./browser";
import type { ContactSession } from "./contacts";
import type { WidgetEventInfo } from "./schemas";

/**
 * webwidget_triggered: a visitor opened the website chat (Chatwoot's `webwidget.triggered` from
 * `POST /api/v1/widget/events`). Account webhooks and the inbox's bot hear it, with the session
 * and what the chat told about its opening; a website inbox has no webhook_url.
 */
export const recordWidgetTriggered = (db: DbOrTx, inbox: Inbox, session: ContactSession, info: WidgetEventInfo, userAgent: string | null) =>
  recordEvent(db, {
    accountId: inbox.accountId,
    name: "webwidget_triggered",
    inboxId: inbox.id,
    contactInboxId: session.contactInbox.id,
    subject: { type: "ContactInbox", id: session.contactInbox.id },
    actor: { kind: "contact", id: session.contact.id },
    render: async () => ({ ...(await presentContactInboxWebhook(db, session, inbox)), event_info: { ...info, browser: browserOf(userAgent) } }),
  });
