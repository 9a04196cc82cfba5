"use server";

import { z } from "zod";
import { createClientContact, findContactSession } from "@/lib/client-api/contacts";
import { clientLastSeen, clientTyping, createClientConversation } from "@/lib/client-api/conversations";
import { createClientMessage, listClientMessages } from "@/lib/client-api/messages";
import {
  clientLastSeenOp,
  clientTypingOp,
  createClientContactOp,
  createClientConversationOp,
  createClientMessageOp,
  listClientMessagesOp,
  showClientContactOp,
} from "@/lib/client-api/operations";
import { presentClientMessages, presentOneClientMessage } from "@/lib/client-api/present";
import type { ClientCtx } from "@/lib/client-api/route";
import { ZClientContactCreate, ZClientMessageCreate, ZWidgetEventInfo } from "@/lib/client-api/schemas";
import { recordWidgetTriggered } from "@/lib/client-api/widget-events";
import { notFound } from "@/lib/http/errors";
import type { Operation } from "@/lib/http/operation";
import { requestHits, takeHits } from "@/lib/http/rate-limit";
import { ZId } from "@/lib/http/schemas";
import { parseInput } from "@/lib/http/validation";
import type { Refusal } from "@/lib/portal/outcome";
import { publicAction, type PublicCtx } from "@/lib/portal/public-action";
import { toWidgetMessage, type PublicMessage, type WidgetMessage } from "@/lib/widget/messages";
import { visitorName } from "@/lib/widget/session";
import { findWidgetInbox, settingsOf, websiteTokenPattern } from "@/lib/client-api/widget-inbox";
import { getDb } from "@/db/client";

/*
 * The website chat's calls (components/widget/widget-chat.tsx). Each is a Client API call made
 * for the visitor: the same services, the same session rules (the source id is the credential,
 * a conversation is reachable only through the session that made it), and the same rate limits
 * under the same keys as the public routes, so the chat and a script calling the API directly
 * share one budget per inbox and address. Only website inboxes answer here; only API inboxes
 * answer on /public/api. The browser gets the message fields the chat shows, nothing more.
 * Built with `publicAction`, as the customer's quote page's actions are.
 */

const ZToken = z.string().regex(websiteTokenPattern);
const ZSourceId = z.string().min(1).max(255);
/** Checked by the Client API's message schema inside the call, so a refusal names it the same way. */
const ZText = z.string();

/** The session as the browser stores it (lib/widget/session.ts). */
export type StartedChat = { source_id: string; pubsub_token: string; conversation_id: number };

/** Counts the call as the Client API routes it stands for would be counted: per inbox and address. */
const countAs =
  (...operations: Operation[]) =>
  async (ctx: PublicCtx, websiteToken: string) => {
    for (const operation of operations) await takeHits(getDb(), requestHits(operation, { ip: ctx.ip, inbox: websiteToken }), ctx.ip);
  };

/** The website inbox the token names, as the Client API services take it. */
const widgetInbox = async (ctx: PublicCtx, websiteToken: string): Promise<ClientCtx> => {
  const found = await findWidgetInbox(ctx.db, websiteToken);
  if (!found) throw notFound("Inbox");
  return { db: ctx.db, ...found };
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
const explain = (refusal: Refusal): Refusal => ({
  ...refusal,
  errors: {},
  message: visitorWords[refusal.code] ?? "Your message could not be sent. Please try again.",
});

/**
 * The visitor's first message: a contact (named so agents can tell visitors apart), its session
 * in the inbox, a conversation and the message, all or nothing. The visitor opened the chat before
 * writing, but only now has a session for webwidget_triggered to name: it is recorded here, as
 * Chatwoot records it before the first conversation exists.
 */
export const startWidgetChat = publicAction({
  name: "widget: start chat",
  args: [ZToken, ZText, ZText, ZWidgetEventInfo],
  ids: 1,
  count: countAs(createClientContactOp, createClientConversationOp, createClientMessageOp),
  run: async (publicCtx, websiteToken, content, echoId, opened): Promise<{ session: StartedChat; message: WidgetMessage }> => {
    const body = parseInput(ZClientMessageCreate, { content, echo_id: echoId });
    const ctx = await widgetInbox(publicCtx, websiteToken);
    const present = presenter(ctx);
    return ctx.db.transaction(async (db) => {
      const tx = { ...ctx, db };
      const visitor = await createClientContact(tx, parseInput(ZClientContactCreate, { name: visitorName() }));
      const { contactInbox } = visitor;
      await recordWidgetTriggered(db, ctx.inbox, visitor, opened, publicCtx.userAgent);
      const { conversation } = await createClientConversation(tx, contactInbox.sourceId, {});
      const { message, found } = await createClientMessage(tx, contactInbox.sourceId, conversation.displayId, body);
      return {
        session: { source_id: contactInbox.sourceId, pubsub_token: contactInbox.pubsubToken, conversation_id: found.conversation.displayId },
        message: present(await presentOneClientMessage(db, message, found.conversation.displayId, body.echo_id)),
      };
    });
  },
  explain,
});

/** A visitor with a session opened the chat: webwidget_triggered (counted as reading the session). */
export const widgetTriggered = publicAction({
  name: "widget: opened",
  args: [ZToken, ZSourceId, ZWidgetEventInfo],
  ids: 2,
  count: countAs(showClientContactOp),
  run: async (publicCtx, websiteToken, sourceId, opened) => {
    const ctx = await widgetInbox(publicCtx, websiteToken);
    await ctx.db.transaction(async (db) => {
      const session = await findContactSession({ ...ctx, db }, sourceId);
      await recordWidgetTriggered(db, ctx.inbox, session, opened, publicCtx.userAgent);
    });
    return {};
  },
  explain,
});

/** A further message in the visitor's conversation (a resolved one reopens, as on the API). */
export const sendWidgetMessage = publicAction({
  name: "widget: send message",
  args: [ZToken, ZSourceId, ZId, ZText, ZText],
  ids: 3,
  count: countAs(createClientMessageOp),
  run: async (publicCtx, websiteToken, sourceId, conversationId, content, echoId): Promise<{ message: WidgetMessage }> => {
    const body = parseInput(ZClientMessageCreate, { content, echo_id: echoId });
    const ctx = await widgetInbox(publicCtx, websiteToken);
    const { message, found } = await createClientMessage(ctx, sourceId, conversationId, body);
    return { message: presenter(ctx)(await presentOneClientMessage(ctx.db, message, found.conversation.displayId, body.echo_id)) };
  },
  explain,
});

/** The latest page of the conversation (what the chat polls), or the page before `before`. */
export const loadWidgetMessages = publicAction({
  name: "widget: load messages",
  args: [ZToken, ZSourceId, ZId, ZId.nullable()],
  ids: 4,
  count: countAs(listClientMessagesOp),
  run: async (publicCtx, websiteToken, sourceId, conversationId, before): Promise<{ messages: WidgetMessage[] }> => {
    const ctx = await widgetInbox(publicCtx, websiteToken);
    const { found, rows } = await listClientMessages(ctx, sourceId, conversationId, before ?? undefined);
    const messages = await presentClientMessages(ctx.db, rows, found.conversation.displayId);
    return { messages: messages.map(presenter(ctx)) };
  },
  explain,
});

/** The visitor has seen the replies so far: agents see them as read. */
export const markWidgetSeen = publicAction({
  name: "widget: mark seen",
  args: [ZToken, ZSourceId, ZId],
  ids: 3,
  count: countAs(clientLastSeenOp),
  run: async (publicCtx, websiteToken, sourceId, conversationId) => {
    await clientLastSeen(await widgetInbox(publicCtx, websiteToken), sourceId, conversationId);
    return {};
  },
  explain,
});

/** The visitor started (true) or stopped typing: the agents see "… is typing" (toggle_typing on the API). */
export const widgetTyping = publicAction({
  name: "widget: typing",
  args: [ZToken, ZSourceId, ZId, z.boolean()],
  ids: 3,
  count: countAs(clientTypingOp),
  run: async (publicCtx, websiteToken, sourceId, conversationId, on) => {
    await clientTyping(await widgetInbox(publicCtx, websiteToken), sourceId, conversationId, on);
    return {};
  },
  explain,
});
