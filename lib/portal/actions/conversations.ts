"use server";

import { z } from "zod";
import { assignConversation } from "@/lib/conversations/assignments";
import { markSeen, setLabels, togglePriority, toggleStatus, typingStatus } from "@/lib/conversations/conversations";
import { ZAssignmentInput, ZLabelsInput, ZPriorityInput, ZToggleStatus, ZToggleTyping } from "@/lib/conversations/schemas";
import { ZId } from "@/lib/http/schemas";
import { createMessage } from "@/lib/messages/messages";
import { ZCreateMessage } from "@/lib/messages/schemas";
import { portalAction } from "@/lib/portal/action";

/*
 * What agents do to a conversation in the inbox, by its display id. Each action calls the same
 * service the API route does; the browser then refetches what changed. The answer is `{ ok }`
 * or a refusal to show beside the control (a service's refusal reads the same as the API's error).
 */

/**
 * A reply or a private note: the composer's text and whether it is private, or a help center
 * article (`content_type: "article"` with its items), and nothing else the API would take,
 * checked by the API's own message schema as an outgoing message.
 */
const ZComposed = z.preprocess((value) => {
  const {
    content,
    private: note,
    content_type: type,
    content_attributes: attributes,
  } = (typeof value === "object" && value !== null ? value : {}) as { content?: unknown; private?: unknown; content_type?: unknown; content_attributes?: unknown };
  const article = type === "article" ? { content_type: type, content_attributes: attributes } : {};
  return { content, private: note, message_type: "outgoing", ...article };
}, ZCreateMessage);

const done = async (work: Promise<unknown>) => {
  await work;
  return {};
};

export const sendMessageAction = portalAction({
  name: "send message",
  args: [ZId, ZComposed],
  ids: 1,
  run: (ctx, displayId, input) => done(createMessage(ctx, displayId, input)),
});

export const assignAgentAction = portalAction({
  name: "assign agent",
  args: [ZId, ZAssignmentInput.shape.assignee_id.unwrap()],
  ids: 1,
  run: (ctx, displayId, assigneeId) => done(assignConversation(ctx, displayId, { assignee_id: assigneeId })),
});

export const assignTeamAction = portalAction({
  name: "assign team",
  args: [ZId, ZAssignmentInput.shape.team_id.unwrap()],
  ids: 1,
  run: (ctx, displayId, teamId) => done(assignConversation(ctx, displayId, { team_id: teamId })),
});

export const setPriorityAction = portalAction({
  name: "set priority",
  args: [ZId, ZPriorityInput],
  ids: 1,
  run: (ctx, displayId, priority) => done(togglePriority(ctx, displayId, priority)),
});

export const setLabelsAction = portalAction({
  name: "set labels",
  args: [ZId, ZLabelsInput.shape.labels],
  ids: 1,
  run: (ctx, displayId, labels) => done(setLabels(ctx, displayId, labels)),
});

/** Resolve, reopen, or snooze until a time (ISO 8601). */
export const setStatusAction = portalAction({
  name: "set status",
  args: [ZId, ZToggleStatus],
  ids: 1,
  run: (ctx, displayId, input) => done(toggleStatus(ctx, displayId, input)),
});

export const markSeenAction = portalAction({
  name: "mark seen",
  args: [ZId],
  ids: 1,
  run: (ctx, displayId) => done(markSeen(ctx, displayId)),
});

/** The composer's typing on / off (a private note's says so), as toggle_typing_status on the API. */
export const typingAction = portalAction({
  name: "typing",
  args: [ZId, ZToggleTyping],
  ids: 1,
  run: (ctx, displayId, input) => done(typingStatus(ctx, displayId, input)),
});
