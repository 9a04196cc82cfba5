import { and, asc, eq, lte } from "drizzle-orm";
import { anyOf } from "@/db/any";
import { conversations, messageStatuses, messageTypes, messages } from "@/db/schema";
import { changeStatus } from "@/lib/conversations/conversations";
import { createConversation } from "@/lib/conversations/create-conversation";
import { recordTyping } from "@/lib/conversations/events";
import { statusName, type ConversationRow } from "@/lib/conversations/present";
import { notFound } from "@/lib/http/errors";
import { serviceCtx } from "./account-ctx";
import { findContactSession, type ContactSession } from "./contacts";
import type { ClientCtx } from "./route";
import type { ClientConversationCreate } from "./schemas";

/**
 * Everything a conversation route works on: the session named by the source id, and one of
 * ITS conversations. Only conversations started through this very contact_inbox qualify:
 * another contact's, another inbox's or another session's display id is a 404.
 */
export type ClientConversation = ContactSession & { conversation: ConversationRow };

const ofSession = (ctx: ClientCtx, session: ContactSession) =>
  and(
    eq(conversations.accountId, ctx.account.id),
    eq(conversations.inboxId, ctx.inbox.id),
    eq(conversations.contactId, session.contact.id),
    eq(conversations.contactInboxId, session.contactInbox.id),
  );

/** `lock` holds the conversation row until the caller's transaction ends (for writes). */
export const findClientConversation = async (
  ctx: ClientCtx,
  sourceId: string,
  displayId: number,
  options: { lock?: boolean } = {},
): Promise<ClientConversation> => {
  const session = await findContactSession(ctx, sourceId);
  const query = ctx.db
    .select()
    .from(conversations)
    .where(and(ofSession(ctx, session), eq(conversations.displayId, displayId)));
  const [conversation] = options.lock ? await query.for("update") : await query;
  if (!conversation) throw notFound("Conversation");
  return { ...session, conversation };
};

export const listClientConversations = async (ctx: ClientCtx, sourceId: string): Promise<ClientConversation[]> => {
  const session = await findContactSession(ctx, sourceId);
  const rows = await ctx.db.select().from(conversations).where(ofSession(ctx, session)).orderBy(asc(conversations.id));
  return rows.map((conversation) => ({ ...session, conversation }));
};

/** POST conversations: created by the conversations service, for this session's contact and inbox. */
export const createClientConversation = async (ctx: ClientCtx, sourceId: string, input: ClientConversationCreate): Promise<ClientConversation> => {
  const session = await findContactSession(ctx, sourceId);
  const conversation = await createConversation(serviceCtx(ctx, session.contact.id), {
    source_id: session.contactInbox.sourceId,
    inbox_id: ctx.inbox.id,
    contact_id: session.contact.id,
    custom_attributes: input.custom_attributes,
  });
  return { ...session, conversation };
};

/** toggle_status: a contact can only resolve; an already resolved conversation is left as it is. */
export const resolveClientConversation = (ctx: ClientCtx, sourceId: string, displayId: number): Promise<ClientConversation> =>
  ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const found = await findClientConversation(tx, sourceId, displayId, { lock: true });
    if (statusName(found.conversation.status) === "resolved") return found;
    return { ...found, conversation: await changeStatus(serviceCtx(tx, found.contact.id), found.conversation, "resolved") };
  });

/** toggle_typing: the conversation must be the contact's; the contact's typing is never private. */
export const clientTyping = async (ctx: ClientCtx, sourceId: string, displayId: number, on: boolean) => {
  const { contact, conversation } = await findClientConversation(ctx, sourceId, displayId);
  await recordTyping(ctx.db, conversation, { on, private: false, actor: { kind: "contact", id: contact.id } });
};

const OUTGOING = messageTypes.indexOf("outgoing");
const SENT_OR_DELIVERED = [messageStatuses.indexOf("sent"), messageStatuses.indexOf("delivered")];

/**
 * update_last_seen: the contact has seen the conversation now, so the agents' replies up to now
 * are read (Chatwoot's UpdateMessageStatusJob).
 */
export const clientLastSeen = (ctx: ClientCtx, sourceId: string, displayId: number) =>
  ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const { conversation } = await findClientConversation(tx, sourceId, displayId, { lock: true });
    const now = new Date();
    await db
      .update(conversations)
      .set({ contactLastSeenAt: now })
      .where(and(eq(conversations.accountId, ctx.account.id), eq(conversations.id, conversation.id)));
    await db
      .update(messages)
      .set({ status: messageStatuses.indexOf("read"), updatedAt: now })
      .where(
        and(
          eq(messages.accountId, ctx.account.id),
          eq(messages.conversationId, conversation.id),
          eq(messages.messageType, OUTGOING),
          eq(messages.private, false),
          anyOf(messages.status, SENT_OR_DELIVERED),
          lte(messages.createdAt, now),
        ),
      );
  });
