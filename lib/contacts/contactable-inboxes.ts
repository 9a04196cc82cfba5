import { and, asc, eq } from "drizzle-orm";
import { anyOf } from "@/db/any";
import { contactInboxes, conversations, inboxes } from "@/db/schema";
import type { AccountCtx } from "@/lib/auth/caller";
import { ensureContactInbox } from "./contact-inboxes";
import { findContact, inboxFromBody } from "./contacts";
import type { ContactIdentity } from "./present";
import type { ContactInboxCreateInput } from "./schemas";

/** POST /contacts/{id}/contact_inboxes: the contact's identity in an inbox of the account. */
export const createContactInbox = async (ctx: AccountCtx, contactId: number, input: ContactInboxCreateInput): Promise<ContactIdentity> => {
  const contact = await findContact(ctx, contactId);
  const inbox = await inboxFromBody(ctx, input.inbox_id);
  const identity = await ensureContactInbox(ctx.db, {
    accountId: ctx.account.id,
    contactId: contact.id,
    inboxId: inbox.id,
    sourceId: input.source_id,
  });
  return { sourceId: identity.sourceId, inbox };
};

/**
 * The inboxes an agent can start a conversation with this contact in (Chatwoot's
 * ContactableInboxesService): every API inbox, under the contact's identity there (made now
 * when it has none); a web widget inbox only where the contact already has an identity that
 * no conversation uses yet, since only the visitor's browser can open a widget conversation.
 */
export const contactableInboxes = async (ctx: AccountCtx, contactId: number): Promise<ContactIdentity[]> => {
  const contact = await findContact(ctx, contactId);
  return ctx.db.transaction(async (db) => {
    const accountInboxes = await db.select().from(inboxes).where(eq(inboxes.accountId, ctx.account.id)).orderBy(asc(inboxes.id));
    const identities = await db
      .select()
      .from(contactInboxes)
      .where(and(eq(contactInboxes.accountId, ctx.account.id), eq(contactInboxes.contactId, contact.id)))
      .orderBy(asc(contactInboxes.id));
    const used = identities.length
      ? await db
          .selectDistinct({ id: conversations.contactInboxId })
          .from(conversations)
          .where(and(eq(conversations.accountId, ctx.account.id), anyOf(conversations.contactInboxId, identities.map((i) => i.id))))
      : [];
    const usedIds = new Set(used.map((row) => row.id));
    const latest = new Map(identities.map((identity) => [identity.inboxId, identity]));

    const result: ContactIdentity[] = [];
    for (const inbox of accountInboxes) {
      const existing = latest.get(inbox.id);
      if (inbox.channelType === "Channel::Api") {
        const identity =
          existing ?? (await ensureContactInbox(db, { accountId: ctx.account.id, contactId: contact.id, inboxId: inbox.id }));
        result.push({ sourceId: identity.sourceId, inbox });
      } else if (existing && !usedIds.has(existing.id)) {
        result.push({ sourceId: existing.sourceId, inbox });
      }
    }
    return result;
  });
};
