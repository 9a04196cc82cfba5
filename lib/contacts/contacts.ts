import { and, arrayOverlaps, asc, count, desc, eq, getTableColumns, ne, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { anyOf } from "@/db/any";
import { contactInboxes, contacts, inboxes } from "@/db/schema";
import { mergeJson } from "@/db/json";
import { requireAdmin } from "@/lib/auth/authorize";
import type { AccountCtx } from "@/lib/auth/caller";
import { ApiError, fieldError, notFound } from "@/lib/http/errors";
import { findAccountInbox } from "@/lib/inboxes/inboxes";
import { actorOf } from "@/lib/events/record";
import { ensureContactInbox } from "./contact-inboxes";
import { recordContactEvent } from "./events";
import type { Contact, ContactIdentity, ContactPage, ContactSearchPage, ContactWithInboxes } from "./present";
import type { ContactCreateInput, ContactListQuery, ContactSearchQuery, ContactSort, ContactSortKey, ContactUpdateInput } from "./schemas";

export const contactsPerPage = 15;

const inAccount = (ctx: AccountCtx) => eq(contacts.accountId, ctx.account.id);

/** Attaches every contact's inbox identities in one query (no query per contact). */
export const withContactInboxes = async (ctx: AccountCtx, rows: Contact[]): Promise<ContactWithInboxes[]> => {
  if (rows.length === 0) return [];
  const identities = await ctx.db
    .select({ contactId: contactInboxes.contactId, sourceId: contactInboxes.sourceId, inbox: getTableColumns(inboxes) })
    .from(contactInboxes)
    .innerJoin(inboxes, eq(inboxes.id, contactInboxes.inboxId))
    .where(and(eq(contactInboxes.accountId, ctx.account.id), anyOf(contactInboxes.contactId, rows.map((row) => row.id))))
    .orderBy(asc(contactInboxes.id));
  const byContact = new Map<number, ContactIdentity[]>();
  for (const { contactId, sourceId, inbox } of identities) {
    byContact.set(contactId, [...(byContact.get(contactId) ?? []), { sourceId, inbox }]);
  }
  return rows.map((row) => Object.assign(row, { contactInboxes: byContact.get(row.id) ?? [] }));
};

const blankLast = (expression: SQL) => sql`nullif(${expression}, '')`;
const attribute = (key: string) => blankLast(sql`lower(${contacts.additionalAttributes} ->> ${key})`);

const sortExpressions: Record<ContactSortKey, SQL | AnyColumn> = {
  name: blankLast(sql`lower(${contacts.name})`),
  email: blankLast(sql`lower(${contacts.email})`),
  phone_number: blankLast(sql`${contacts.phoneNumber}`),
  last_activity_at: contacts.lastActivityAt,
  created_at: contacts.createdAt,
  company: attribute("company_name"),
  city: attribute("city"),
  country: attribute("country"),
};

/** Contacts without the sorted value come last either way; equal values keep id order. */
const orderBy = (sort: ContactSort = { key: "last_activity_at", descending: true }) => {
  const expression = sortExpressions[sort.key];
  return sort.descending
    ? [sql`${expression} desc nulls last`, desc(contacts.id)]
    : [sql`${expression} asc nulls last`, asc(contacts.id)];
};

type PageOptions = { page: number; sort?: ContactSort; includeContactInboxes?: boolean };

const attachInboxes = (ctx: AccountCtx, rows: Contact[], include = true) => (include ? withContactInboxes(ctx, rows) : rows);

/** One page of the account's contacts matching `condition`, with the total count. */
export const pageContacts = async (ctx: AccountCtx, condition: SQL | undefined, options: PageOptions): Promise<ContactPage> => {
  const where = and(inAccount(ctx), condition);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(contacts)
      .where(where)
      .orderBy(...orderBy(options.sort))
      .limit(contactsPerPage)
      .offset((options.page - 1) * contactsPerPage),
    ctx.db.select({ count: count() }).from(contacts).where(where),
  ]);
  return { contacts: await attachInboxes(ctx, rows, options.includeContactInboxes), count: total?.count ?? 0, page: options.page };
};

export const listContacts = (ctx: AccountCtx, query: ContactListQuery) =>
  pageContacts(ctx, query.labels?.length ? arrayOverlaps(contacts.labels, query.labels) : undefined, {
    page: query.page,
    sort: query.sort,
    includeContactInboxes: query.include_contact_inboxes,
  });

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Exactly the expression contacts_search_idx (trigram GIN) covers, so ILIKE can use the index. */
const searchText = sql`(coalesce(${contacts.name}, '') || ' ' || coalesce(${contacts.email}, '') || ' ' || coalesce(${contacts.phoneNumber}, '') || ' ' || coalesce(${contacts.identifier}, ''))`;

/** Chatwoot 4.13's search page: no total, one row more than the page tells whether another follows. */
export const searchContacts = async (ctx: AccountCtx, query: ContactSearchQuery): Promise<ContactSearchPage> => {
  const q = query.q?.trim();
  if (!q) {
    throw new ApiError("required", "Specify search string with parameter q", {
      errors: [{ field: "q", message: "can't be blank", code: "required" }],
    });
  }
  const rows = await ctx.db
    .select()
    .from(contacts)
    .where(and(inAccount(ctx), sql`${searchText} ilike ${`%${escapeLike(q)}%`}`))
    .orderBy(...orderBy(query.sort))
    .limit(contactsPerPage + 1)
    .offset((query.page - 1) * contactsPerPage);
  return {
    contacts: await withContactInboxes(ctx, rows.slice(0, contactsPerPage)),
    page: query.page,
    hasMore: rows.length > contactsPerPage,
  };
};

export const findContact = async (ctx: AccountCtx, id: number): Promise<Contact> => {
  const [row] = await ctx.db
    .select()
    .from(contacts)
    .where(and(inAccount(ctx), eq(contacts.id, id)));
  if (!row) throw notFound("Contact");
  return row;
};

export const showContact = async (ctx: AccountCtx, id: number) => (await withContactInboxes(ctx, [await findContact(ctx, id)]))[0]!;

/** A body's `inbox_id` must name an inbox of this account: a 422 naming the field, not a 404. */
export const inboxFromBody = (ctx: AccountCtx, inboxId: number) =>
  findAccountInbox(ctx, inboxId).catch((error: unknown) => {
    if (error instanceof ApiError && error.code === "not_found") throw fieldError("inbox_id", "is not an inbox of this account");
    throw error;
  });

const ensureUnique = async (ctx: AccountCtx, input: { email?: string | null; identifier?: string | null }, exceptId?: number) => {
  const taken = async (condition: SQL) => {
    const [row] = await ctx.db
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(inAccount(ctx), condition, exceptId ? ne(contacts.id, exceptId) : undefined))
      .limit(1);
    return Boolean(row);
  };
  if (input.email && (await taken(sql`lower(${contacts.email}) = lower(${input.email})`))) {
    throw fieldError("email", "has already been taken", "taken");
  }
  if (input.identifier && (await taken(eq(contacts.identifier, input.identifier)))) {
    throw fieldError("identifier", "has already been taken", "taken");
  }
};

const uniqueIndexFields: Record<string, string> = { contacts_account_email_key: "email", contacts_account_identifier_key: "identifier" };

/** A concurrent write can still win the race past ensureUnique: its unique index names the field. */
const translateUniqueViolation = (error: unknown): never => {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint_name: constraint } = e as { code?: string; constraint_name?: string };
    const field = constraint ? uniqueIndexFields[constraint] : undefined;
    if (code === "23505" && field) throw fieldError(field, "has already been taken", "taken");
  }
  throw error;
};

const columnsOf = (input: ContactUpdateInput) => ({
  name: input.name,
  email: input.email,
  phoneNumber: input.phone_number,
  identifier: input.identifier,
  blocked: input.blocked,
  avatarUrl: input.avatar_url,
});

export type CreatedContact = { contact: ContactWithInboxes; contactInbox: ContactIdentity | null };

/** Creates the contact and, given `inbox_id`, its identity in that inbox. */
export const createContact = (ctx: AccountCtx, input: ContactCreateInput): Promise<CreatedContact> =>
  ctx.db
    .transaction(async (db) => {
      const tx = { ...ctx, db };
      const inbox = input.inbox_id ? await inboxFromBody(tx, input.inbox_id) : null;
      await ensureUnique(tx, input);
      const [row] = await db
        .insert(contacts)
        .values({
          ...columnsOf(input),
          accountId: ctx.account.id,
          additionalAttributes: input.additional_attributes ?? {},
          customAttributes: input.custom_attributes ?? {},
        })
        .returning();
      await recordContactEvent(db, row!, actorOf(ctx.caller));
      const identity = inbox
        ? await ensureContactInbox(db, { accountId: ctx.account.id, contactId: row!.id, inboxId: inbox.id, sourceId: input.source_id })
        : null;
      const [contact] = await withContactInboxes(tx, [row!]);
      return { contact: contact!, contactInbox: identity && inbox ? { sourceId: identity.sourceId, inbox } : null };
    })
    .catch(translateUniqueViolation);

/** PUT/PATCH: only the fields sent change; both attribute objects are merged, not replaced. */
export const updateContact = (ctx: AccountCtx, id: number, input: ContactUpdateInput) =>
  ctx.db
    .transaction(async (db) => {
      const tx = { ...ctx, db };
      const [before] = await db
        .select()
        .from(contacts)
        .where(and(inAccount(ctx), eq(contacts.id, id)))
        .for("update");
      if (!before) throw notFound("Contact");
      await ensureUnique(tx, input, id);
      const [row] = await db
        .update(contacts)
        .set({
          ...columnsOf(input),
          additionalAttributes: mergeJson(contacts.additionalAttributes, input.additional_attributes),
          customAttributes: mergeJson(contacts.customAttributes, input.custom_attributes),
          updatedAt: new Date(),
        })
        .where(and(inAccount(ctx), eq(contacts.id, id)))
        .returning();
      await recordContactEvent(db, row!, actorOf(ctx.caller), before);
      return (await withContactInboxes(tx, [row!]))[0]!;
    })
    .catch(translateUniqueViolation);

/** Administrators only; the contact's conversations go with it. */
export const deleteContact = async (ctx: AccountCtx, id: number) => {
  requireAdmin(ctx, "agents.manage");
  const [row] = await ctx.db
    .delete(contacts)
    .where(and(inAccount(ctx), eq(contacts.id, id)))
    .returning({ id: contacts.id });
  if (!row) throw notFound("Contact");
};

export const contactLabels = async (ctx: AccountCtx, id: number) => (await findContact(ctx, id)).labels;

/** Replaces the contact's labels with these (lowercased, each once). */
export const setContactLabels = async (ctx: AccountCtx, id: number, labels: string[]) => {
  const titles = [...new Set(labels.map((label) => label.toLowerCase()))];
  const [row] = await ctx.db
    .update(contacts)
    .set({ labels: titles, updatedAt: new Date() })
    .where(and(inAccount(ctx), eq(contacts.id, id)))
    .returning({ labels: contacts.labels });
  if (!row) throw notFound("Contact");
  return row.labels;
};
