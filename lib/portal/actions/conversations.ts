"use server";

import { portalContext } from "@/lib/auth/session";
import { assignConversation } from "@/lib/conversations/assignments";
import { markSeen, setLabels, togglePriority, toggleStatus } from "@/lib/conversations/conversations";
import { ZAssignmentInput, ZLabelsInput, ZTogglePriority, ZToggleStatus } from "@/lib/conversations/schemas";
import { parseInput } from "@/lib/http/validation";
import { createMessage } from "@/lib/messages/messages";
import { ZCreateMessage } from "@/lib/messages/schemas";
import { failure } from "@/lib/portal/form-input";
import { ZRecordId } from "@/lib/portal/loaders/conversations";

/*
 * What agents do to a conversation in the inbox. Each action calls the same service the API
 * route does; the browser then refetches what changed. The answer is `{ ok }` or a message to
 * show beside the control (a service's refusal reads the same as the API's error).
 */

export type ConversationActionResult = { ok: true } | { ok: false; message: string };

const run = async (accountId: number, displayId: number, work: (ctx: Awaited<ReturnType<typeof portalContext>>, id: number) => Promise<unknown>) => {
  try {
    await work(await portalContext(accountId), parseInput(ZRecordId, displayId));
    return { ok: true } as const;
  } catch (error) {
    return { ok: false, message: failure(error, []).message ?? "Something went wrong. Please try again." } as const;
  }
};

export const sendMessageAction = async (
  accountId: number,
  displayId: number,
  input: { content: string; private: boolean },
): Promise<ConversationActionResult> =>
  run(accountId, displayId, (ctx, id) =>
    createMessage(ctx, id, parseInput(ZCreateMessage, { content: input.content, private: input.private, message_type: "outgoing" })),
  );

export const assignAgentAction = async (accountId: number, displayId: number, assigneeId: number | null): Promise<ConversationActionResult> =>
  run(accountId, displayId, (ctx, id) => assignConversation(ctx, id, parseInput(ZAssignmentInput, { assignee_id: assigneeId })));

export const assignTeamAction = async (accountId: number, displayId: number, teamId: number | null): Promise<ConversationActionResult> =>
  run(accountId, displayId, (ctx, id) => assignConversation(ctx, id, parseInput(ZAssignmentInput, { team_id: teamId })));

export const setPriorityAction = async (accountId: number, displayId: number, priority: string | null): Promise<ConversationActionResult> =>
  run(accountId, displayId, (ctx, id) => togglePriority(ctx, id, parseInput(ZTogglePriority, { priority }).priority ?? null));

export const setLabelsAction = async (accountId: number, displayId: number, labels: string[]): Promise<ConversationActionResult> =>
  run(accountId, displayId, (ctx, id) => setLabels(ctx, id, parseInput(ZLabelsInput, { labels }).labels));

/** Resolve, reopen, or snooze until a time (ISO 8601). */
export const setStatusAction = async (
  accountId: number,
  displayId: number,
  input: { status: string; snoozed_until?: string | null },
): Promise<ConversationActionResult> => run(accountId, displayId, (ctx, id) => toggleStatus(ctx, id, parseInput(ZToggleStatus, input)));

export const markSeenAction = async (accountId: number, displayId: number): Promise<ConversationActionResult> =>
  run(accountId, displayId, (ctx, id) => markSeen(ctx, id));
