"use server";

import { z } from "zod";
import { ZInboxListFilters } from "@/lib/conversations/inbox-filters";
import { ZId } from "@/lib/http/schemas";
import { portalAction } from "@/lib/portal/action";
import {
  contactDetails,
  conversationDetails,
  conversationListPage,
  conversationMessages,
} from "@/lib/portal/loaders/conversations";

/*
 * Query functions for the inbox's react-query hooks (unwrapped there with `orThrow`). Each
 * answers the API's JSON through the services, with the same rules as the API.
 */

/** A page of the inbox's view: its tab, status, search and filters, as the URL holds them. */
export const listConversationsAction = portalAction({
  name: "list conversations",
  read: true,
  args: [ZInboxListFilters],
  run: (ctx, filters) => conversationListPage(ctx, filters),
});

export const conversationAction = portalAction({
  name: "conversation",
  read: true,
  args: [ZId],
  ids: 1,
  run: (ctx, displayId) => conversationDetails(ctx, displayId),
});

/** The latest messages, or with `before` the ones just older than that message id. */
export const messagesAction = portalAction({
  name: "conversation messages",
  read: true,
  args: [ZId, z.int().positive().max(Number.MAX_SAFE_INTEGER).optional()],
  ids: 1,
  run: (ctx, displayId, before) => conversationMessages(ctx, displayId, before),
});

export const contactAction = portalAction({
  name: "conversation contact",
  read: true,
  args: [ZId],
  ids: 1,
  run: (ctx, contactId) => contactDetails(ctx, contactId),
});
