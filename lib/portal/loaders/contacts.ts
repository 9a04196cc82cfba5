import type { AccountCtx } from "@/lib/auth/caller";
import { contactsPerPage, listContacts, searchContacts, showContact } from "@/lib/contacts/contacts";
import type { Contact } from "@/lib/contacts/present";
import { ZContactListQuery, ZPage, type ContactSort, type ContactSortKey } from "@/lib/contacts/schemas";
import { callerUserId } from "@/lib/conversations/conversations";
import { contactConversations } from "@/lib/conversations/list-conversations";
import { presentConversations } from "@/lib/conversations/present";
import { ZId } from "@/lib/http/schemas";
import { listInboxes } from "@/lib/inboxes/inboxes";
import { listLabels } from "@/lib/labels/labels";
import { contactStory } from "@/lib/planning/customer-story";
import { firstParam } from "@/lib/portal/context";
import { portalLoader } from "@/lib/portal/loader";

/** The columns the contacts table sorts by, and the order each starts in when first chosen. */
export const contactSortColumns = { name: "ascending", last_activity_at: "descending" } as const satisfies Partial<
  Record<ContactSortKey, "ascending" | "descending">
>;
export type ContactSortColumn = keyof typeof contactSortColumns;

export const defaultContactSort: ContactSort = { key: "last_activity_at", descending: true };

export type ContactListView = {
  q: string | null;
  sort: ContactSort;
  page: number;
  contacts: Contact[];
  /** Every contact matching, when known: a search only says whether another page follows. */
  total: number | null;
  hasMore: boolean;
};

/**
 * The contacts page's URL (`q`, `page`, `sort`) read with the services' own query schemas: a
 * search goes to searchContacts, anything else to listContacts. Values the schemas refuse fall
 * back to the first page in the default order rather than failing the page.
 */
export const loadContactList = async (ctx: AccountCtx, params: Record<string, string | string[] | undefined>): Promise<ContactListView> => {
  const q = firstParam(params.q)?.trim().slice(0, 255) || null;
  const page = ZPage.safeParse(firstParam(params.page));
  const sort = ZContactListQuery.shape.sort.safeParse(firstParam(params.sort));
  const query = { page: page.success ? page.data : 1, sort: (sort.success ? sort.data : undefined) ?? defaultContactSort };
  if (q) {
    const result = await searchContacts(ctx, { ...query, q });
    return { q, ...query, contacts: result.contacts, total: null, hasMore: result.hasMore };
  }
  const result = await listContacts(ctx, { ...query, include_contact_inboxes: false });
  return { q, ...query, contacts: result.contacts, total: result.count, hasMore: query.page * contactsPerPage < result.count };
};

/** The contact with its inbox identities, or the 404 page: its layout checks it before the loading skeleton streams. */
export const loadContact = portalLoader({ ids: [ZId], load: (ctx, id) => showContact(ctx, id) });

/** The account's labels as the contact pages colour them, by lowercased title. */
const labelColors = (labels: { title: string; color: string }[]) => new Map(labels.map((label) => [label.title.toLowerCase(), label.color]));

/** The contacts list with the colours of its labels. */
export const contactListData = async (ctx: AccountCtx, params: Record<string, string | string[] | undefined>) => {
  const [list, labels] = await Promise.all([loadContactList(ctx, params), listLabels(ctx)]);
  return { list, colors: labelColors(labels) };
};

/**
 * What the contact's page shows beside the contact: the label catalogue, inbox names, their
 * conversations, and their story with the venue (events, quotes, bookings).
 */
export const contactPageData = async (ctx: AccountCtx, contactId: number) => {
  const [labels, inboxes, rows, story] = await Promise.all([
    listLabels(ctx),
    listInboxes(ctx),
    contactConversations(ctx, contactId),
    contactStory(ctx, contactId),
  ]);
  return {
    labels,
    colors: labelColors(labels),
    inboxNames: new Map(inboxes.map((inbox) => [inbox.id, inbox.name])),
    conversations: await presentConversations(ctx.db, rows, { userId: callerUserId(ctx) }),
    story,
  };
};

/** The account's time zone for showing dates (UTC when it has none). */
export const accountTimeZone = (ctx: AccountCtx) => {
  const zone = ctx.account.customAttributes.timezone;
  return typeof zone === "string" && zone ? zone : "UTC";
};
