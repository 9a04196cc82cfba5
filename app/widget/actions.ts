"use server";

import { headers } from "next/headers";
import { z } from "zod";
import { getDb } from "@/db/client";
import { createClientContact } from "@/lib/client-api/contacts";
import { clientLastSeen, createClientConversation } from "@/lib/client-api/conversations";
import { createClientMessage, listClientMessages } from "@/lib/client-api/messages";
import {
  clientLastSeenOp,
  createClientContactOp,
  createClientConversationOp,
  createClientMessageOp,
  listClientMessagesOp,
} from "@/lib/client-api/operations";
import { presentClientMessages, presentOneClientMessage } from "@/lib/client-api/present";
import type { ClientCtx } from "@/lib/client-api/route";
import { ZClientContactCreate, ZClientMessageCreate } from "@/lib/client-api/schemas";
import { requestIp } from "@/lib/http/client-ip";
import { notFound } from "@/lib/http/errors";
import type { Operation } from "@/lib/http/operation";
import { requestHits, takeHits } from "@/lib/http/rate-limit";
import { ZId } from "@/lib/http/schemas";
import { parseInput } from "@/lib/http/validation";
import { refusalOf } from "@/lib/portal/action";
import type { Outcome, Refusal } from "@/lib/portal/outcome";
import { toWidgetMessage, type PublicMessage, type WidgetMessage } from "@/lib/widget/messages";
import { visitorName } from "@/lib/widget/session";
import { findWidgetInbox, settingsOf, websiteTokenPattern } from "./inbox";

/*
 * The website chat's calls (components/widget/widget-chat.tsx). Each is a Client API call made
 * for the visitor: the same services, the same session rules (the source id is the credential,
 * a conversation is reachable only through the session that made it), and the same rate limits
 * under the same keys as the public routes, so the chat and a script calling the API directly
 * share one budget per inbox and address. Only website inboxes answer here; only API inboxes
 * answer on /public/api. The browser gets the message fields the chat shows, nothing more.
 */

const ZToken = z.string().regex(websiteTokenPattern);
const ZSourceId = z.string().min(1).max(255);
const ZBefore = ZId.nullable();

/** The session as the browser stores it (lib/widget/session.ts). */
export type StartedChat = { source_id: string; pubsub_token: string; conversation_id: number };

/** Credentials that do not parse name nothing: the same "not found" as an unknown one. */
const credential = <S extends z.ZodType>(schema: S, value: unknown): z.output<S> => {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw notFound("Conversation");
  return parsed.data;
};

/** Counts the call as the Client API route `operation` would be counted, then loads the inbox. */
const widgetCtx = async (websiteToken: string, operations: Operation[]): Promise<ClientCtx> => {
  const ip = requestIp(await headers());
  const db = getDb();
  for (const operation of operations) await takeHits(db, requestHits(operation, { ip, inbox: websiteToken }), ip);
  const found = await findWidgetInbox(db, websiteToken);
  if (!found) throw notFound("Inbox");
  return { db, ...found };
};

const presenter = (ctx: ClientCtx) => {
  const { venueName, professional } = settingsOf(ctx.inbox);
  return (message: PublicMessage) => toWidgetMessage(message, { venueName, professional });
};

const visitorWords: Partial<Record<string, string>> = {
  rate_limited: "You're sending messages too quickly. Please wait a minute and try again.",
  not_found: "This chat could not be found. Please send your message again.",
  invalid: "Please type a message.",
  required: "Please type a message.",
  unauthorized: "This chat is not taking messages from here. Please contact the venue another way.",
};

/** A refusal in the visitor's words; the code stays, so the chat can start over after "not found". */
const explain = (error: unknown, where: string): Refusal => {
  const refusal = refusalOf(error, where);
  return { ...refusal, errors: {}, message: visitorWords[refusal.code] ?? "Your message could not be sent. Please try again." };
};

const answer = async <T extends object>(where: string, work: () => Promise<T>): Promise<Outcome<T>> => {
  try {
    return { ok: true, ...(await work()) };
  } catch (error) {
    return explain(error, where);
  }
};

/**
 * The visitor's first message: a contact (named so agents can tell visitors apart), its session
 * in the inbox, a conversation and the message, all or nothing.
 */
export const startWidgetChat = async (websiteToken: string, content: string, echoId: string) =>
  answer("widget: start chat", async (): Promise<{ session: StartedChat; message: WidgetMessage }> => {
    const token = credential(ZToken, websiteToken);
    const body = parseInput(ZClientMessageCreate, { content, echo_id: echoId });
    const ctx = await widgetCtx(token, [createClientContactOp, createClientConversationOp, createClientMessageOp]);
    const present = presenter(ctx);
    return ctx.db.transaction(async (db) => {
      const tx = { ...ctx, db };
      const { contactInbox } = await createClientContact(tx, parseInput(ZClientContactCreate, { name: visitorName() }));
      const { conversation } = await createClientConversation(tx, contactInbox.sourceId, {});
      const { message, found } = await createClientMessage(tx, contactInbox.sourceId, conversation.displayId, body);
      return {
        session: { source_id: contactInbox.sourceId, pubsub_token: contactInbox.pubsubToken, conversation_id: found.conversation.displayId },
        message: present(await presentOneClientMessage(db, message, found.conversation.displayId, body.echo_id)),
      };
    });
  });

/** A further message in the visitor's conversation (a resolved one reopens, as on the API). */
export const sendWidgetMessage = async (websiteToken: string, sourceId: string, conversationId: number, content: string, echoId: string) =>
  answer("widget: send message", async (): Promise<{ message: WidgetMessage }> => {
    const token = credential(ZToken, websiteToken);
    const source = credential(ZSourceId, sourceId);
    const id = credential(ZId, conversationId);
    const body = parseInput(ZClientMessageCreate, { content, echo_id: echoId });
    const ctx = await widgetCtx(token, [createClientMessageOp]);
    const { message, found } = await createClientMessage(ctx, source, id, body);
    return { message: presenter(ctx)(await presentOneClientMessage(ctx.db, message, found.conversation.displayId, body.echo_id)) };
  });

/** The latest page of the conversation (what the chat polls), or the page before `before`. */
export const loadWidgetMessages = async (websiteToken: string, sourceId: string, conversationId: number, before: number | null) =>
  answer("widget: load messages", async (): Promise<{ messages: WidgetMessage[] }> => {
    const token = credential(ZToken, websiteToken);
    const source = credential(ZSourceId, sourceId);
    const id = credential(ZId, conversationId);
    const earlierThan = credential(ZBefore, before);
    const ctx = await widgetCtx(token, [listClientMessagesOp]);
    const { found, rows } = await listClientMessages(ctx, source, id, earlierThan ?? undefined);
    const messages = await presentClientMessages(ctx.db, rows, found.conversation.displayId);
    return { messages: messages.map(presenter(ctx)) };
  });

/** The visitor has seen the replies so far: agents see them as read. */
export const markWidgetSeen = async (websiteToken: string, sourceId: string, conversationId: number) =>
  answer("widget: mark seen", async () => {
    const token = credential(ZToken, websiteToken);
    const source = credential(ZSourceId, sourceId);
    const id = credential(ZId, conversationId);
    const ctx = await widgetCtx(token, [clientLastSeenOp]);
    await clientLastSeen(ctx, source, id);
    return {};
  });
