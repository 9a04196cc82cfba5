"use server";

import { portalContext } from "@/lib/auth/session";
import { parseInput } from "@/lib/http/validation";
import {
  ZInboxListFilters,
  ZRecordId,
  contactDetails,
  conversationDetails,
  conversationListPage,
  conversationMessages,
  type InboxListFilters,
} from "@/lib/portal/loaders/conversations";

/*
 * Query functions for the inbox's react-query hooks. Each builds the signed-in user's account
 * context, so the services apply the same rules as the API, and answers the API's JSON.
 */

export const listConversationsAction = async (accountId: number, filters: InboxListFilters) =>
  conversationListPage(await portalContext(accountId), parseInput(ZInboxListFilters, filters));

export const conversationAction = async (accountId: number, displayId: number) =>
  conversationDetails(await portalContext(accountId), parseInput(ZRecordId, displayId));

export const messagesAction = async (accountId: number, displayId: number, before?: number) =>
  // `before` is checked by the messages service's own query schema.
  conversationMessages(await portalContext(accountId), parseInput(ZRecordId, displayId), before);

export const contactAction = async (accountId: number, contactId: number) =>
  contactDetails(await portalContext(accountId), parseInput(ZRecordId, contactId));
