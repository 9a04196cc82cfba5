import type { DbOrTx } from "@/db/client";
import { changedAttributes, meaningfulChanges } from "@/lib/events/changes";
import { accountData, presentContactWebhook } from "@/lib/events/payloads";
import { recordEvent, type Actor } from "@/lib/events/record";
import type { Contact } from "./present";

/** A contact's attributes under Chatwoot's names, as `previous_changes` reports them. */
const contactAttributes = (contact: Contact) => ({
  name: contact.name,
  email: contact.email,
  phone_number: contact.phoneNumber,
  identifier: contact.identifier,
  blocked: contact.blocked,
  avatar_url: contact.avatarUrl,
  additional_attributes: contact.additionalAttributes,
  custom_attributes: contact.customAttributes,
  last_activity_at: contact.lastActivityAt,
  updated_at: contact.updatedAt,
});
type ContactAttribute = keyof ReturnType<typeof contactAttributes>;

/**
 * Times every save or message moves. A change of only these is no contact_updated: Chatwoot sends
 * one for each incoming message's activity time; we leave that noise out (documented).
 */
const incidental: readonly ContactAttribute[] = ["last_activity_at", "updated_at"];

/**
 * contact_created, or given the contact as it was, contact_updated with its changes (none
 * recorded when nothing but the time stamps changed). Account webhooks only hear these.
 */
export const recordContactEvent = async (db: DbOrTx, contact: Contact, actor: Actor, before?: Contact) => {
  const after = contactAttributes(contact);
  const changes = before ? meaningfulChanges(changedAttributes(contactAttributes(before), after, Object.keys(after) as ContactAttribute[]), incidental) : null;
  if (changes?.length === 0) return;
  await recordEvent(db, {
    accountId: contact.accountId,
    name: changes ? "contact_updated" : "contact_created",
    subject: { type: "Contact", id: contact.id },
    actor,
    render: async () => ({
      ...presentContactWebhook(contact, await accountData(db, contact.accountId)),
      ...(changes ? { changed_attributes: changes } : {}),
    }),
  });
};
