import { and, eq, isNotNull, sql } from "drizzle-orm";
import { anyOf } from "@/db/any";
import type { DbOrTx } from "@/db/client";
import {
  accountUsers,
  allocationOccupancies,
  allocations,
  messageTypes,
  notifications,
  planningEvents,
  quotes,
  spaces,
  users,
  type QuoteRow,
} from "@/db/schema";
import { hasPermission, type Permission } from "@/lib/auth/permissions";
import type { ConversationRow } from "@/lib/conversations/present";
import type { Actor } from "@/lib/events/record";
import { loadUserViewer } from "@/lib/live/viewers";
import type { MessageRow } from "@/lib/messages/present";
import { liveHolds } from "@/lib/planning/allocations/placement";
import type { AllocationRow } from "@/lib/planning/allocations/present";
import { planningNow } from "@/lib/planning/clock";
import { deriveNotifications, mentionedUserIds, type Trigger } from "./derive";
import { notify } from "./notify";

/*
 * The points of change that notify someone, each on the writing transaction: they load what the
 * rules in derive.ts read, and write what those return. Called from the event recorders
 * (lib/conversations/events.ts, lib/messages/messages.ts, lib/events/planning-payloads.ts), so
 * every path that records the event notifies too.
 */

const actorUserId = (actor: Actor) => (actor.kind === "user" && actor.id !== undefined ? actor.id : null);

const raise = (db: DbOrTx, accountId: number, actor: Actor, trigger: Trigger) => notify(db, accountId, deriveNotifications(trigger), actor);

/** conversation_assignment: the conversation's new assignee. */
export const notifyAssignment = async (db: DbOrTx, before: ConversationRow, after: ConversationRow, actor: Actor) => {
  if (after.assigneeId === before.assigneeId) return;
  await raise(db, after.accountId, actor, {
    kind: "assignment",
    actorUserId: actorUserId(actor),
    conversation: { id: after.id, displayId: after.displayId, inboxId: after.inboxId },
    previousAssigneeId: before.assigneeId,
    assigneeId: after.assigneeId,
  });
};

/** The members a note may mention, and for those it does, the inboxes each may see (the API's rule, lib/live/viewers.ts). */
const mentionsIn = async (db: DbOrTx, accountId: number, content: string | null) => {
  if (!content?.includes("@")) return [];
  const members = await db
    .select({ user: users })
    .from(accountUsers)
    .innerJoin(users, eq(users.id, accountUsers.userId))
    .where(eq(accountUsers.accountId, accountId));
  const ids = new Set(mentionedUserIds(content, members.map(({ user }) => user)));
  const mentioned = members.filter(({ user }) => ids.has(user.id));
  return Promise.all(
    mentioned.map(async ({ user }) => ({ userId: user.id, inboxes: (await loadUserViewer(db, { kind: "user", user }, accountId)).accounts.get(accountId) ?? new Set<number>() })),
  );
};

/** assigned_conversation_new_message and conversation_mention, for a message just created. */
export const notifyNewMessage = async (db: DbOrTx, message: MessageRow, conversation: ConversationRow, actor: Actor) => {
  const messageType = messageTypes[message.messageType] ?? "activity";
  if (messageType === "activity") return;
  await raise(db, conversation.accountId, actor, {
    kind: "message",
    actorUserId: actorUserId(actor),
    conversation: { id: conversation.id, displayId: conversation.displayId, inboxId: conversation.inboxId, assigneeId: conversation.assigneeId },
    message: { id: message.id, private: message.private, messageType, senderType: message.senderType, senderId: message.senderId },
    mentioned: message.private ? await mentionsIn(db, conversation.accountId, message.content) : [],
  });
};

type Member = { userId: number; role: (typeof accountUsers.$inferSelect)["role"]; permissions: (typeof accountUsers.$inferSelect)["permissions"] };

const membersOf = (db: DbOrTx, accountId: number): Promise<Member[]> =>
  db.select({ userId: accountUsers.userId, role: accountUsers.role, permissions: accountUsers.permissions }).from(accountUsers).where(eq(accountUsers.accountId, accountId));

/**
 * The planners of an event: its owner and whoever sent the quote, while they are members; with
 * neither, every member holding `permission` (quote_manage for quotes, planning_manage for holds).
 */
const plannersAmong = (members: readonly Member[], named: readonly (number | null)[], permission: Permission): number[] => {
  const chosen = members.filter((member) => named.includes(member.userId)).map((member) => member.userId);
  if (chosen.length > 0) return chosen;
  return members.filter((member) => hasPermission(member, permission)).map((member) => member.userId);
};

const quoteFacts = async (db: DbOrTx, quote: QuoteRow) => {
  const [event] = await db.select({ name: planningEvents.name, ownerId: planningEvents.ownerId }).from(planningEvents).where(eq(planningEvents.id, quote.planningEventId));
  return {
    quote: { id: quote.id, version: quote.version, eventId: quote.planningEventId, eventName: event?.name ?? "" },
    planners: plannersAmong(await membersOf(db, quote.accountId), [event?.ownerId ?? null, quote.sentByUserId], "quote_manage"),
  };
};

const quoteTypes = { quote_viewed: "quote_viewed", quote_accepted: "quote_accepted", quote_rejected: "quote_rejected" } as const;

/** quote_viewed / quote_accepted / quote_rejected: the event's planners. Other quote events notify no one. */
export const notifyQuote = async (db: DbOrTx, name: string, quote: QuoteRow, actor: Actor) => {
  if (!(name in quoteTypes)) return;
  await raise(db, quote.accountId, actor, { kind: "quote", type: quoteTypes[name as keyof typeof quoteTypes], actorUserId: actorUserId(actor), ...(await quoteFacts(db, quote)) });
};

/**
 * allocation_conflict after a customer's acceptance was refused (a held space was taken): the
 * refusal rolled everything back, so this runs in a short transaction of its own.
 */
export const notifyRefusedAcceptance = async (db: DbOrTx, token: string, reason: string) =>
  db.transaction(async (tx) => {
    const [quote] = await tx.select().from(quotes).where(eq(quotes.publicToken, token));
    if (!quote) return;
    const actor: Actor = { kind: "contact" };
    await raise(tx, quote.accountId, actor, { kind: "refused_acceptance", actorUserId: null, reason, ...(await quoteFacts(tx, quote)) });
  });

type HoldFacts = { allocation: AllocationRow; eventName: string | null; ownerId: number | null; spaceName: string };

const holdsWithFacts = (db: DbOrTx, ids: readonly string[]): Promise<HoldFacts[]> =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select({ allocation: allocations, eventName: planningEvents.name, ownerId: planningEvents.ownerId, spaceName: spaces.name })
        .from(allocations)
        .innerJoin(spaces, eq(spaces.id, allocations.spaceId))
        .leftJoin(planningEvents, eq(planningEvents.id, allocations.eventId))
        .where(anyOf(allocations.id, [...ids]));

const holdFacts = (hold: HoldFacts) => ({
  id: hold.allocation.id,
  eventId: hold.allocation.eventId,
  eventName: hold.eventName,
  spaceName: hold.spaceName,
  startAt: hold.allocation.startAt.toISOString(),
  expiresAt: hold.allocation.expiresAt?.toISOString() ?? null,
});

/**
 * allocation_conflict: an allocation was just confirmed over live holds of other events (the
 * booking rules let a confirmation pass holds by): their planners learn the hold can no longer
 * be confirmed. Reads the confirmed allocation's occupancies, so call it after writing them.
 */
export const notifyBlockedHolds = async (db: DbOrTx, confirmed: AllocationRow, actor: Actor) => {
  const resources = await db.select({ id: allocationOccupancies.resourceId }).from(allocationOccupancies).where(eq(allocationOccupancies.allocationId, confirmed.id));
  if (resources.length === 0) return;
  const holds = await liveHolds(
    db,
    resources.map((resource) => resource.id),
    confirmed,
    confirmed.id,
    planningNow(),
  );
  const blocked = (await holdsWithFacts(db, holds.map((hold) => hold.id))).filter((hold) => hold.allocation.eventId === null || hold.allocation.eventId !== confirmed.eventId);
  if (blocked.length === 0) return;
  const [[blocker], members] = await Promise.all([
    confirmed.eventId ? db.select({ name: planningEvents.name }).from(planningEvents).where(eq(planningEvents.id, confirmed.eventId)) : [],
    membersOf(db, confirmed.accountId),
  ]);
  for (const hold of blocked) {
    await raise(db, confirmed.accountId, actor, {
      kind: "hold",
      type: "allocation_conflict",
      actorUserId: actorUserId(actor),
      hold: holdFacts(hold),
      blockedBy: { id: confirmed.id, eventName: blocker?.name ?? confirmed.title },
      planners: plannersAmong(members, [hold.ownerId], "planning_manage"),
    });
  }
};

/** How far ahead a lapsing hold is announced. */
export const holdWarningMs = 24 * 60 * 60_000;

/**
 * hold_expiring, by the job beside the hold sweeper: live holds lapsing within a day, each
 * announced once (a notification naming the hold, read or not, means it was). Every hold gets a
 * short transaction of its own; two instances racing on one hold bump one unread row.
 */
export const notifyExpiringHolds = async (db: DbOrTx, now = planningNow()) => {
  const due = await db
    .select({ id: allocations.id })
    .from(allocations)
    .where(
      and(
        eq(allocations.status, "tentative"),
        isNotNull(allocations.expiresAt),
        sql`${allocations.expiresAt} > ${now.toISOString()}::timestamptz`,
        sql`${allocations.expiresAt} <= ${new Date(now.getTime() + holdWarningMs).toISOString()}::timestamptz`,
        sql`not exists (select 1 from ${notifications} where ${notifications.accountId} = ${allocations.accountId} and ${notifications.primaryActorType} = 'Allocation' and ${notifications.primaryActorId} = ${allocations.id}::text and ${notifications.notificationType} = 'hold_expiring')`,
      ),
    )
    .limit(500);
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const [hold] = await holdsWithFacts(tx, [id]);
      if (!hold) return;
      await raise(tx, hold.allocation.accountId, { kind: "system" }, {
        kind: "hold",
        type: "hold_expiring",
        actorUserId: null,
        hold: holdFacts(hold),
        planners: plannersAmong(await membersOf(tx, hold.allocation.accountId), [hold.ownerId], "planning_manage"),
      });
    });
  }
  return due.length;
};
