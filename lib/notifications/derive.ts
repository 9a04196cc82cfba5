import { canSeeInbox, type InboxVisibility } from "@/lib/conversations/visibility";

/*
 * Who is notified of what. Pure: the services (lib/notifications/triggers.ts) load the facts, this
 * decides the recipients, and lib/notifications/notify.ts writes what it returns.
 */

/**
 * Chatwoot's conversation types (its `notification_type` names) and ours for planning and quotes.
 * Chatwoot's conversation_creation, participating_conversation_new_message and sla_* are not raised here.
 */
export const notificationTypes = [
  "conversation_assignment",
  "assigned_conversation_new_message",
  "conversation_mention",
  "quote_viewed",
  "quote_accepted",
  "quote_rejected",
  "hold_expiring",
  "allocation_conflict",
] as const;
export type NotificationType = (typeof notificationTypes)[number];

/** Emailed unless the user turned them off; the noisy ones (every message, every view) only when turned on. */
export const emailedByDefault: readonly NotificationType[] = [
  "conversation_assignment",
  "conversation_mention",
  "quote_accepted",
  "quote_rejected",
  "hold_expiring",
  "allocation_conflict",
];

/** What a notification is about: a conversation, a quote, or an allocation (a hold). */
export const primaryActorTypes = ["Conversation", "Quote", "Allocation"] as const;
export type PrimaryActorType = (typeof primaryActorTypes)[number];

export type ActorRef = { type: string; id: string };

/**
 * One notification to write. `meta` carries what its title and link need (a conversation's
 * display id, an event's name and id), so neither needs the record once it is gone.
 */
export type Notice = {
  userId: number;
  type: NotificationType;
  primaryActor: { type: PrimaryActorType; id: string };
  secondaryActor: ActorRef | null;
  meta: Record<string, unknown>;
};

type ConversationFacts = { id: number; displayId: number; inboxId: number };

/** What happened, with the facts each rule reads. `actorUserId`: the user who did it (never notified of it), or null. */
export type Trigger = { actorUserId: number | null } & (
  | { kind: "assignment"; conversation: ConversationFacts; previousAssigneeId: number | null; assigneeId: number | null }
  | {
      kind: "message";
      conversation: ConversationFacts & { assigneeId: number | null };
      message: { id: number; private: boolean; messageType: string; senderType: string | null; senderId: number | null };
      /** The users the note names (mentionedUserIds), with the inboxes each may see. */
      mentioned: readonly { userId: number; inboxes: InboxVisibility }[];
    }
  | {
      kind: "quote";
      type: "quote_viewed" | "quote_accepted" | "quote_rejected";
      quote: { id: number; version: number; eventId: string; eventName: string };
      planners: readonly number[];
    }
  | {
      kind: "hold";
      type: "hold_expiring" | "allocation_conflict";
      hold: { id: string; eventId: string | null; eventName: string | null; spaceName: string; startAt: string; expiresAt?: string | null };
      /** allocation_conflict: the allocation whose confirmation blocks the hold. */
      blockedBy?: { id: string; eventName: string | null };
      planners: readonly number[];
    }
  | { kind: "refused_acceptance"; quote: { id: number; version: number; eventId: string; eventName: string }; reason: string; planners: readonly number[] }
);

const conversationRef = (conversation: ConversationFacts) => ({ type: "Conversation" as const, id: String(conversation.id) });
const conversationMeta = (conversation: ConversationFacts) => ({ display_id: conversation.displayId });

const quoteMeta = (quote: { id: number; version: number; eventId: string; eventName: string }) => ({
  planning_event_id: quote.eventId,
  event_name: quote.eventName,
  quote_version: quote.version,
});

/** Chatwoot notifies the new assignee (not an unassignment, not a self-assignment). */
const assignment = (trigger: Extract<Trigger, { kind: "assignment" }>): Notice[] =>
  trigger.assigneeId === null || trigger.assigneeId === trigger.previousAssigneeId
    ? []
    : [
        {
          userId: trigger.assigneeId,
          type: "conversation_assignment",
          primaryActor: conversationRef(trigger.conversation),
          secondaryActor: trigger.actorUserId === null ? null : { type: "User", id: String(trigger.actorUserId) },
          meta: conversationMeta(trigger.conversation),
        },
      ];

/**
 * A public incoming or outgoing message tells the assignee (unless they wrote it); a private note
 * tells the users it mentions who may see the conversation's inbox.
 */
const message = (trigger: Extract<Trigger, { kind: "message" }>): Notice[] => {
  const { conversation } = trigger;
  const base = { primaryActor: conversationRef(conversation), secondaryActor: { type: "Message", id: String(trigger.message.id) }, meta: conversationMeta(conversation) };
  if (trigger.message.private) {
    return trigger.mentioned
      .filter((mention) => canSeeInbox(mention.inboxes, conversation.inboxId))
      .map((mention) => ({ ...base, userId: mention.userId, type: "conversation_mention" as const }));
  }
  const assignee = conversation.assigneeId;
  if (assignee === null || !["incoming", "outgoing"].includes(trigger.message.messageType)) return [];
  if (trigger.message.senderType === "User" && trigger.message.senderId === assignee) return [];
  return [{ ...base, userId: assignee, type: "assigned_conversation_new_message" }];
};

const toPlanners = (planners: readonly number[], notice: Omit<Notice, "userId">): Notice[] => planners.map((userId) => ({ ...notice, userId }));

const hold = (trigger: Extract<Trigger, { kind: "hold" }>): Notice[] =>
  toPlanners(trigger.planners, {
    type: trigger.type,
    primaryActor: { type: "Allocation", id: trigger.hold.id },
    secondaryActor: trigger.blockedBy ? { type: "Allocation", id: trigger.blockedBy.id } : null,
    meta: {
      planning_event_id: trigger.hold.eventId,
      event_name: trigger.hold.eventName,
      space_name: trigger.hold.spaceName,
      start_at: trigger.hold.startAt,
      ...(trigger.hold.expiresAt ? { expires_at: trigger.hold.expiresAt } : {}),
      ...(trigger.blockedBy ? { blocked_by_event_name: trigger.blockedBy.eventName } : {}),
    },
  });

const candidates = (trigger: Trigger): Notice[] => {
  switch (trigger.kind) {
    case "assignment":
      return assignment(trigger);
    case "message":
      return message(trigger);
    case "quote":
      return toPlanners(trigger.planners, { type: trigger.type, primaryActor: { type: "Quote", id: String(trigger.quote.id) }, secondaryActor: null, meta: quoteMeta(trigger.quote) });
    case "hold":
      return hold(trigger);
    case "refused_acceptance":
      return toPlanners(trigger.planners, {
        type: "allocation_conflict",
        primaryActor: { type: "Quote", id: String(trigger.quote.id) },
        secondaryActor: null,
        meta: { ...quoteMeta(trigger.quote), reason: trigger.reason },
      });
  }
};

/** The notifications a trigger raises: never for the user who caused it, at most one per user. */
export const deriveNotifications = (trigger: Trigger): Notice[] => {
  const seen = new Set<number>();
  return candidates(trigger).filter((notice) => {
    if (notice.userId === trigger.actorUserId || seen.has(notice.userId)) return false;
    seen.add(notice.userId);
    return true;
  });
};

export type Member = { id: number; name: string; displayName: string | null };

const mentionLink = /\[@[^\]]*\]\(mention:\/\/user\/(\d+)\/[^)]*\)/g;
const wordCharacter = /[\p{L}\p{N}_]/u;

/** `@Ann` names Ann in "@Ann, see" but not in "@Annabel". */
const namesAt = (text: string, name: string) => text.startsWith(name) && !wordCharacter.test(text.charAt(name.length));

/**
 * The members a note mentions: Chatwoot's `[@Name](mention://user/<id>/Name)` links, and a plain
 * `@Name` naming a member by name or display name (case-insensitive; the longest name wins, so
 * "@Ann Lee" is Ann Lee, not Ann).
 */
export const mentionedUserIds = (content: string | null, members: readonly Member[]): number[] => {
  if (!content || !content.includes("@")) return [];
  const memberIds = new Set(members.map((member) => member.id));
  const found = new Set<number>();
  for (const match of content.matchAll(mentionLink)) {
    const id = Number(match[1]);
    if (memberIds.has(id)) found.add(id);
  }
  const plain = content.replace(mentionLink, " ").toLowerCase();
  const names = members.flatMap((member) => [member.name, member.displayName].filter((name): name is string => !!name?.trim()).map((name) => ({ id: member.id, name: name.trim().toLowerCase() })));
  for (let at = plain.indexOf("@"); at !== -1; at = plain.indexOf("@", at + 1)) {
    const rest = plain.slice(at + 1);
    const matching = names.filter(({ name }) => namesAt(rest, name));
    const longest = Math.max(0, ...matching.map(({ name }) => name.length));
    for (const { id, name } of matching) if (name.length === longest) found.add(id);
  }
  return [...found];
};
