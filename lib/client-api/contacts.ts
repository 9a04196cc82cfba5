import { randomUUID } from "node:crypto";
import { and, eq, ne, sql, type SQL } from "drizzle-orm";
import { mergeJson } from "@/db/json";
import { contactInboxes, contacts } from "@/db/schema";
import { ensureContactInbox, type ContactInbox } from "@/lib/contacts/contact-inboxes";
import { recordContactEvent } from "@/lib/contacts/events";
import type { Contact } from "@/lib/contacts/present";
import { fieldError, notFound } from "@/lib/http/errors";
import { unverifiedExistingContact, verifyIdentity } from "./hmac";
import type { ClientCtx } from "./route";
import type { ClientContactCreate, ClientContactUpdate } from "./schemas";

/** A contact as one inbox knows it: the Client API's `contact_identifier` is the source id. */
export type ContactSession = { contact: Contact; contactInbox: ContactInbox };

/**
 * The contact behind a source id of THIS inbox. A source id of another inbox, or none at all,
 * is the same 404: sessions are never reachable across inboxes or accounts.
 */
export const findContactSession = async (ctx: ClientCtx, sourceId: string): Promise<ContactSession> => {
  const [row] = await ctx.db
    .select({ contact: contacts, contactInbox: contactInboxes })
    .from(contactInboxes)
    .innerJoin(contacts, and(eq(contacts.id, contactInboxes.contactId), eq(contacts.accountId, ctx.account.id)))
    .where(
      and(eq(contactInboxes.accountId, ctx.account.id), eq(contactInboxes.inboxId, ctx.inbox.id), eq(contactInboxes.sourceId, sourceId)),
    );
  if (!row) throw notFound("Contact");
  return row;
};

const inAccount = (ctx: ClientCtx) => eq(contacts.accountId, ctx.account.id);

const takenBy = async (ctx: ClientCtx, condition: SQL, exceptId?: number) => {
  const [row] = await ctx.db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(inAccount(ctx), condition, exceptId ? ne(contacts.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
};

/** Another contact's email is refused, never adopted: adopting it would hand out that contact's details. */
const ensureEmailFree = async (ctx: ClientCtx, email: string | null | undefined, exceptId?: number) => {
  if (email && (await takenBy(ctx, sql`lower(${contacts.email}) = lower(${email})`, exceptId))) {
    throw fieldError("email", "has already been taken", "taken");
  }
};

const uniqueIndexFields: Record<string, string> = {
  contacts_account_email_key: "email",
  contacts_account_identifier_key: "identifier",
  contact_inboxes_inbox_source_key: "source_id",
};

/** A concurrent request can still win the race past the checks: the unique index names the field. */
const translateUniqueViolation = (error: unknown): never => {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint_name: constraint } = e as { code?: string; constraint_name?: string };
    const field = constraint ? uniqueIndexFields[constraint] : undefined;
    if (code === "23505" && field) throw fieldError(field, "has already been taken", "taken");
  }
  throw error;
};

const markVerified = async (ctx: ClientCtx, contactInbox: ContactInbox): Promise<ContactInbox> => {
  if (contactInbox.hmacVerified) return contactInbox;
  const [row] = await ctx.db
    .update(contactInboxes)
    .set({ hmacVerified: true, updatedAt: new Date() })
    .where(and(eq(contactInboxes.accountId, ctx.account.id), eq(contactInboxes.id, contactInbox.id)))
    .returning();
  return row!;
};

/**
 * POST contacts: a new session (contact_inbox) in the inbox, under the given source id or a
 * fresh UUID, so a known `identifier` never hands out another session's id. The contact is the
 * account's contact with that identifier when the identifier_hash proves it (401 without one:
 * anyone could otherwise read and change that contact's details), else a new contact. A
 * verified `identifier_hash` marks the session hmac_verified.
 */
export const createClientContact = async (ctx: ClientCtx, input: ClientContactCreate): Promise<ContactSession> => {
  const verified = verifyIdentity(ctx.inbox, input.identifier, input.identifier_hash);
  return ctx.db
    .transaction(async (db) => {
      const tx = { ...ctx, db };
      const [existing] = input.identifier
        ? await db
            .select()
            .from(contacts)
            .where(and(inAccount(tx), eq(contacts.identifier, input.identifier)))
        : [];
      if (existing && !verified) throw unverifiedExistingContact();
      let contact = existing;
      if (!contact) {
        await ensureEmailFree(tx, input.email);
        [contact] = await db
          .insert(contacts)
          .values({
            accountId: ctx.account.id,
            name: input.name ?? "",
            email: input.email ?? null,
            phoneNumber: input.phone_number ?? null,
            identifier: input.identifier ?? null,
            avatarUrl: input.avatar_url ?? null,
            customAttributes: input.custom_attributes ?? {},
          })
          .returning();
        await recordContactEvent(db, contact!, { kind: "contact", id: contact!.id });
      }
      const contactInbox = await ensureContactInbox(db, {
        accountId: ctx.account.id,
        contactId: contact!.id,
        inboxId: ctx.inbox.id,
        sourceId: input.source_id ?? randomUUID(),
        hmacVerified: verified,
      });
      return { contact: contact!, contactInbox: verified ? await markVerified(tx, contactInbox) : contactInbox };
    })
    .catch(translateUniqueViolation);
};

export const showClientContact = (ctx: ClientCtx, sourceId: string) => findContactSession(ctx, sourceId);

/**
 * PATCH contacts/{source_id}: only the fields sent change; custom attributes are merged. An
 * identifier (with its hash) is validated as on create; one that belongs to another contact is
 * refused rather than merged.
 */
export const updateClientContact = (ctx: ClientCtx, sourceId: string, input: ClientContactUpdate): Promise<ContactSession> =>
  ctx.db
    .transaction(async (db) => {
      const tx = { ...ctx, db };
      const session = await findContactSession(tx, sourceId);
      const { contact } = session;
      const identifierSent = Boolean(input.identifier || input.identifier_hash);
      const verified = identifierSent && verifyIdentity(ctx.inbox, input.identifier, input.identifier_hash);
      const identifier = input.identifier && input.identifier !== contact.identifier ? input.identifier : undefined;
      if (identifier && (await takenBy(tx, eq(contacts.identifier, identifier), contact.id))) {
        throw fieldError("identifier", "has already been taken", "taken");
      }
      if (input.email !== undefined) await ensureEmailFree(tx, input.email, contact.id);
      const [updated] = await db
        .update(contacts)
        .set({
          name: input.name,
          email: input.email,
          phoneNumber: input.phone_number,
          avatarUrl: input.avatar_url,
          identifier,
          customAttributes: mergeJson(contacts.customAttributes, input.custom_attributes),
          updatedAt: new Date(),
        })
        .where(and(inAccount(tx), eq(contacts.id, contact.id)))
        .returning();
      await recordContactEvent(db, updated!, { kind: "contact", id: contact.id }, contact);
      const contactInbox = verified ? await markVerified(tx, session.contactInbox) : session.contactInbox;
      return { contact: updated!, contactInbox };
    })
    .catch(translateUniqueViolation);
