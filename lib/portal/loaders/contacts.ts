import type { AccountCtx } from "@/lib/auth/caller";
import { contactsPerPage, listContacts, searchContacts, showContact } from "@/lib/contacts/contacts";
import type { Contact } from "@/lib/contacts/present";
import { ZContactListQuery, ZPage, type ContactSort, type ContactSortKey } from "@/lib/contacts/schemas";
import { firstParam } from "@/lib/portal/context";
import { orNotFound } from "@/lib/portal/loaders/records";

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

/** The contact with its inbox identities, or the 404 page. */
export const findPortalContact = (ctx: AccountCtx, id: number) => orNotFound(showContact(ctx, id));

/** The account's time zone for showing dates (UTC when it has none). */
export const accountTimeZone = (ctx: AccountCtx) => {
  const zone = ctx.account.customAttributes.timezone;
  return typeof zone === "string" && zone ? zone : "UTC";
};
