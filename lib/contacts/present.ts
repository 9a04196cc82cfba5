import type { contacts } from "@/db/schema";
import { unixTime } from "@/lib/http/schemas";
import { presentInboxSummary, type Inbox } from "@/lib/inboxes/summary";

export type Contact = typeof contacts.$inferSelect;
/** A contact's identity in one inbox, with the inbox. */
export type ContactIdentity = { sourceId: string; inbox: Inbox };
/** `contactInboxes` absent: the JSON has no `contact_inboxes` key. */
export type ContactWithInboxes = Contact & { contactInboxes?: ContactIdentity[] };

export const presentContactableInbox = (identity: ContactIdentity) => ({
  source_id: identity.sourceId,
  inbox: presentInboxSummary(identity.inbox),
});

/** The contact without its inboxes: conversation `meta.sender`. */
export const presentContactSummary = (contact: Contact) => ({
  additional_attributes: contact.additionalAttributes,
  availability_status: "offline" as const,
  email: contact.email,
  id: contact.id,
  name: contact.name,
  phone_number: contact.phoneNumber,
  blocked: contact.blocked,
  identifier: contact.identifier,
  thumbnail: contact.avatarUrl ?? "",
  custom_attributes: contact.customAttributes,
  last_activity_at: unixTime(contact.lastActivityAt),
  created_at: unixTime(contact.createdAt)!,
});

export const presentContact = (contact: ContactWithInboxes): ReturnType<typeof presentContactSummary> & { contact_inboxes?: ReturnType<typeof presentContactableInbox>[] } => {
  const json = presentContactSummary(contact);
  // Added, not spread into a copy: Node 20 copies a spread object slowly once more keys follow it.
  return contact.contactInboxes ? Object.assign(json, { contact_inboxes: contact.contactInboxes.map(presentContactableInbox) }) : json;
};

export type ContactPage = { contacts: ContactWithInboxes[]; count: number; page: number };

/** GET /contacts and POST /contacts/filter: `count` is the total matching. */
export const presentContactPage = (result: ContactPage) => ({
  meta: { count: result.count, current_page: result.page },
  payload: result.contacts.map(presentContact),
});

export type ContactSearchPage = { contacts: ContactWithInboxes[]; page: number; hasMore: boolean };

/** GET /contacts/search (Chatwoot 4.13): `count` is the number on this page. */
export const presentContactSearch = (result: ContactSearchPage) => ({
  meta: { count: result.contacts.length, current_page: result.page, has_more: result.hasMore },
  payload: result.contacts.map(presentContact),
});
