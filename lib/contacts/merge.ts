import { and, asc, eq } from "drizzle-orm";
import { anyOf } from "@/db/any";
import { contactInboxes, contacts, conversations, messages } from "@/db/schema";
import type { AccountCtx } from "@/lib/auth/caller";
import { fieldError, notFound } from "@/lib/http/errors";
import { actorOf } from "@/lib/events/record";
import { withContactInboxes } from "./contacts";
import { recordContactEvent } from "./events";
import type { Contact } from "./present";
import type { ContactMergeInput } from "./schemas";

const latest = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));

/**
 * POST /actions/contact_merge: the mergee's identities, conversations and messages move to
 * the base contact, which keeps its own values and takes the mergee's only where it has none;
 * labels are united; then the mergee is deleted. All in one transaction.
 */
export const mergeContacts = async (ctx: AccountCtx, input: ContactMergeInput) => {
  if (input.base_contact_id === input.mergee_contact_id) {
    throw fieldError("mergee_contact_id", "must be a different contact from base_contact_id");
  }
  return ctx.db.transaction(async (db) => {
    const account = ctx.account.id;
    // Locked in id order so two merges of the same pair cannot deadlock.
    const rows = await db
      .select()
      .from(contacts)
      .where(and(eq(contacts.accountId, account), anyOf(contacts.id, [input.base_contact_id, input.mergee_contact_id])))
      .orderBy(asc(contacts.id))
      .for("update");
    const base = rows.find((row) => row.id === input.base_contact_id);
    const mergee = rows.find((row) => row.id === input.mergee_contact_id);
    if (!base || !mergee) throw notFound("Contact");

    await db
      .update(contactInboxes)
      .set({ contactId: base.id, updatedAt: new Date() })
      .where(and(eq(contactInboxes.accountId, account), eq(contactInboxes.contactId, mergee.id)));
    await db
      .update(conversations)
      .set({ contactId: base.id })
      .where(and(eq(conversations.accountId, account), eq(conversations.contactId, mergee.id)));
    await db
      .update(messages)
      .set({ senderId: base.id })
      .where(and(eq(messages.accountId, account), eq(messages.senderType, "Contact"), eq(messages.senderId, mergee.id)));
    // Deleted before the update so the base may take over its email and identifier.
    await db.delete(contacts).where(and(eq(contacts.accountId, account), eq(contacts.id, mergee.id)));

    const filled = <K extends keyof Contact>(key: K) => base[key] || mergee[key];
    const [merged] = await db
      .update(contacts)
      .set({
        name: filled("name"),
        email: filled("email"),
        phoneNumber: filled("phoneNumber"),
        identifier: filled("identifier"),
        avatarUrl: filled("avatarUrl"),
        additionalAttributes: { ...mergee.additionalAttributes, ...base.additionalAttributes },
        customAttributes: { ...mergee.customAttributes, ...base.customAttributes },
        labels: [...new Set([...base.labels, ...mergee.labels])],
        lastActivityAt: latest(base.lastActivityAt, mergee.lastActivityAt),
        updatedAt: new Date(),
      })
      .where(and(eq(contacts.accountId, account), eq(contacts.id, base.id)))
      .returning();
    // The mergee's deletion is no Chatwoot webhook; the base contact's new values are.
    await recordContactEvent(db, merged!, actorOf(ctx.caller), base);
    return (await withContactInboxes({ ...ctx, db }, [merged!]))[0]!;
  });
};
