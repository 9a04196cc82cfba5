import { notFound } from "next/navigation";
import { cache } from "react";
import { findAgent } from "@/lib/agents/agents";
import { findVisibleAgentBot, presentAccountBot } from "@/lib/agent-bots/agent-bots";
import type { AccountCtx } from "@/lib/auth/caller";
import { findCannedResponse } from "@/lib/canned-responses/canned-responses";
import { findConversation } from "@/lib/conversations/conversations";
import { ApiError } from "@/lib/http/errors";
import { maxRecordId } from "@/lib/http/schemas";

/** A path id, or a 404 page for anything that is not one. */
export const recordId = (value: string) => {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0 || id > maxRecordId) notFound();
  return id;
};

/** A service's "not found" becomes the 404 page; every other error goes to the error boundary. */
export const orNotFound = async <T>(lookup: Promise<T>): Promise<T> => {
  try {
    return await lookup;
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") notFound();
    throw error;
  }
};

/**
 * A record page's record, read once per render. The record segment's layout reads it first: that
 * layout sits above the segment's loading.tsx, so a missing record calls notFound() before the
 * response starts streaming and still answers 404 (once a loading skeleton has gone out, Next.js
 * can only show the not-found page under the 200 already sent). The page reads it again and gets
 * the same answer, from the same query.
 */
export const pageRecord = cache(<Id, T>(find: (ctx: AccountCtx, id: Id) => Promise<T>, ctx: AccountCtx, id: Id): Promise<T> => find(ctx, id));

export const findAccountConversation = (ctx: AccountCtx, displayId: number) => orNotFound(findConversation(ctx, displayId));

export const findAccountCannedResponse = (ctx: AccountCtx, id: number) => orNotFound(findCannedResponse(ctx, id));

export const findAccountAgent = (ctx: AccountCtx, userId: number) => orNotFound(findAgent(ctx, userId));

export const findAccountBot = async (ctx: AccountCtx, id: number) => {
  const bot = await orNotFound(findVisibleAgentBot(ctx, id));
  return presentAccountBot(ctx, bot);
};
