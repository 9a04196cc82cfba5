import { and, eq, ne, sql } from "drizzle-orm";
import { messageTypes, messages } from "@/db/schema";
import { fieldError, notFound } from "@/lib/http/errors";
import { listMessages, postMessage, recordMessageEvent } from "@/lib/messages/messages";
import type { MessageRow } from "@/lib/messages/present";
import { serviceCtx } from "./account-ctx";
import { findClientConversation, type ClientConversation } from "./conversations";
import type { ClientCtx } from "./route";
import type { ClientMessageCreate, SubmittedValues } from "./schemas";

export type ClientMessages = { found: ClientConversation; rows: MessageRow[] };

/** GET messages: the latest 20, or the 20 before `before`; never private notes or activity messages. */
export const listClientMessages = async (ctx: ClientCtx, sourceId: string, displayId: number, before?: number): Promise<ClientMessages> => {
  const found = await findClientConversation(ctx, sourceId, displayId);
  const { rows } = await listMessages(serviceCtx(ctx, found.contact.id), found.conversation.displayId, { before, filter_internal_messages: true });
  return { found, rows };
};

/**
 * POST messages: always incoming, from the session's contact, through the messages service
 * (which keeps waiting_since and last activity, and reopens a resolved conversation).
 */
export const createClientMessage = (ctx: ClientCtx, sourceId: string, displayId: number, input: ClientMessageCreate) =>
  ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const found = await findClientConversation(tx, sourceId, displayId, { lock: true });
    const { message, conversation } = await postMessage(serviceCtx(tx, found.contact.id), found.conversation, {
      content: input.content,
      messageType: "incoming",
      private: false,
      contentType: "text",
      contentAttributes: {},
      sourceId: null,
    });
    return { found: { ...found, conversation }, message, echoId: input.echo_id };
  });

/** The messages a contact answers by submitting values. */
const answerable = new Set(["input_select", "form", "input_email", "input_csat"]);
/** Chatwoot locks a CSAT answer 14 days after the survey was sent. */
const csatWindowMs = 14 * 24 * 60 * 60 * 1000;
const ACTIVITY = messageTypes.indexOf("activity");

/**
 * PATCH messages/{id}: the contact's answer goes into `content_attributes.submitted_values`.
 * Only a visible message of this conversation qualifies (private notes and activity messages are
 * a 404, as in the list); one that asks for nothing is a 422.
 */
export const submitClientValues = (ctx: ClientCtx, sourceId: string, displayId: number, messageId: number, values: SubmittedValues) =>
  ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const found = await findClientConversation(tx, sourceId, displayId);
    const scope = and(
      eq(messages.accountId, ctx.account.id),
      eq(messages.conversationId, found.conversation.id),
      eq(messages.id, messageId),
      eq(messages.private, false),
      ne(messages.messageType, ACTIVITY),
    );
    const [row] = await db.select().from(messages).where(scope);
    if (!row) throw notFound("Message");
    if (!answerable.has(row.contentType)) {
      throw fieldError("submitted_values", "can only answer input_select, form, input_email and input_csat messages");
    }
    if (row.contentType === "input_csat" && Date.now() - row.createdAt.getTime() > csatWindowMs) {
      throw fieldError("submitted_values", "can no longer be changed: the survey closed 14 days after it was sent");
    }
    const [message] = await db
      .update(messages)
      .set({
        contentAttributes: sql`${messages.contentAttributes} || ${JSON.stringify({ submitted_values: values })}::jsonb`,
        updatedAt: new Date(),
      })
      .where(scope)
      .returning();
    await recordMessageEvent(db, "message_updated", message!, found.conversation, { actor: { kind: "contact", id: found.contact.id } });
    return { found, message: message! };
  });
