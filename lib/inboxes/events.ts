import type { DbOrTx } from "@/db/client";
import { changedAttributes, meaningfulChanges } from "@/lib/events/changes";
import { recordEvent, type Actor } from "@/lib/events/record";
import { presentInboxWebhook } from "./present";
import type { Inbox } from "./summary";

/** Identity, not settings: never reported as changed. */
const identityKeys = new Set(["id", "account_id", "channel_type", "created_at"]);
const settingsOf = (record: Record<string, unknown>) => Object.entries(record).filter(([key]) => !identityKeys.has(key));

/** The inbox's and its channel's settings as the webhook data names them (so never a credential). */
const inboxAttributes = (inbox: Inbox): Record<string, unknown> => {
  const { channel, ...fields } = presentInboxWebhook(inbox);
  return Object.fromEntries([...settingsOf(fields), ...settingsOf(channel)]);
};

/**
 * inbox_created, or given the inbox as it was, inbox_updated with its changes (none recorded when
 * a save changed nothing but `updated_at`). Account webhooks only hear these.
 */
export const recordInboxEvent = async (db: DbOrTx, inbox: Inbox, actor: Actor, before?: Inbox) => {
  const after = inboxAttributes(inbox);
  const changes = before ? meaningfulChanges(changedAttributes(inboxAttributes(before), after, Object.keys(after)), ["updated_at"]) : null;
  if (changes?.length === 0) return;
  await recordEvent(db, {
    accountId: inbox.accountId,
    name: changes ? "inbox_updated" : "inbox_created",
    inboxId: inbox.id,
    subject: { type: "Inbox", id: inbox.id },
    actor,
    render: () => Promise.resolve({ ...presentInboxWebhook(inbox), ...(changes ? { changed_attributes: changes } : {}) }),
  });
};
