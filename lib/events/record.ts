import { and, arrayContains, eq, isNull, or, sql } from "drizzle-orm";
import { anyOf } from "@/db/any";
import type { DbOrTx } from "@/db/client";
import { agentBots, eventDeliveries, events, inboxes, webhooks } from "@/db/schema";
import type { Json } from "@/db/schema/columns";
import type { Caller } from "@/lib/auth/caller";
import { audienceOf, type Audience } from "@/lib/live/audience";
import { targetsFor, type Target, type TargetFacts } from "./targets";

/** The NOTIFY channel that tells dispatchers new deliveries are due. */
export const deliveriesChannel = "vd_events";
/** The NOTIFY channel that tells the sequencer (lib/events/sequencer.ts) new events committed. */
export const recordedChannel = "vd_recorded";

export type Actor = { kind: "user" | "agent_bot" | "contact" | "platform_app" | "system"; id?: number };

export type NewEvent = {
  accountId: number;
  name: string;
  inboxId?: number | null;
  conversationId?: number | null;
  contactInboxId?: number | null;
  subject?: { type: string; id: string | number };
  actor: Actor;
  /** The conversation's bot assignee, which hears bot events beside the inbox's bot. */
  assigneeBotId?: number | null;
  /** False for what only screens see (an activity message): no webhook or bot hears it. */
  external?: boolean;
  /** Targets that must not hear this event, though they would otherwise. */
  exclude?: readonly Target[];
  /** The outside body, rendered only when some target wants the event. */
  render: () => Promise<Json>;
  /**
   * What the live streams carry besides the ids above (lib/live/frame.ts): `data`, small and
   * known at the point of change (a message's `{id, private, message_type}`), and for planning
   * records the event they belong to. Never a rendered payload.
   */
  live?: { data?: Json; planningEventId?: string | null };
  /** Who hears it live beyond what lib/live/audience.ts `audienceOf` derives (a notification's one user). */
  audience?: Audience;
};

const loadFacts = async (db: DbOrTx, event: NewEvent): Promise<TargetFacts> => {
  const inboxId = event.inboxId ?? null;
  const [[inbox], hooks] = await Promise.all([
    inboxId === null
      ? []
      : db
          .select({ id: inboxes.id, channelType: inboxes.channelType, webhookUrl: inboxes.webhookUrl, agentBotId: inboxes.agentBotId })
          .from(inboxes)
          .where(eq(inboxes.id, inboxId)),
    db
      .select({ id: webhooks.id, inboxId: webhooks.inboxId, subscriptions: webhooks.subscriptions })
      .from(webhooks)
      .where(
        and(
          eq(webhooks.accountId, event.accountId),
          arrayContains(webhooks.subscriptions, [event.name]),
          inboxId === null ? isNull(webhooks.inboxId) : or(isNull(webhooks.inboxId), eq(webhooks.inboxId, inboxId)),
        ),
      ),
  ]);
  const botIds = [inbox?.agentBotId ?? null, event.assigneeBotId ?? null].filter((id): id is number => id !== null);
  const bots = botIds.length ? await db.select({ id: agentBots.id, outgoingUrl: agentBots.outgoingUrl }).from(agentBots).where(anyOf(agentBots.id, botIds)) : [];
  return { inbox: inbox ?? null, bots, webhooks: hooks };
};

/** Wakes the dispatchers at commit (dropped on rollback): deliveries are due. */
export const wakeDispatchers = (db: DbOrTx) => db.execute(sql`select pg_notify(${deliveriesChannel}, '')`);

/**
 * Writes an event and one pending delivery per target on the caller's transaction, so the
 * event exists exactly when the change does: a refused or rolled-back write leaves none.
 */
export const recordEvent = async (db: DbOrTx, event: NewEvent) => {
  const external = event.external ?? true;
  const targets = external ? targetsFor({ name: event.name, inboxId: event.inboxId ?? null, external, exclude: event.exclude }, await loadFacts(db, event)) : [];
  const payload = targets.length ? { event: event.name, ...(await event.render()) } : null;
  const data = event.live?.data ?? {};
  const live = { data, ...(event.live?.planningEventId != null ? { planning_event_id: event.live.planningEventId } : {}) };
  const [row] = await db
    .insert(events)
    .values({
      accountId: event.accountId,
      name: event.name,
      inboxId: event.inboxId ?? null,
      conversationId: event.conversationId ?? null,
      contactInboxId: event.contactInboxId ?? null,
      subjectType: event.subject?.type ?? null,
      subjectId: event.subject ? String(event.subject.id) : null,
      actor: event.actor,
      audience: { ...audienceOf({ name: event.name, actor: event.actor, data }), ...event.audience },
      live,
      payload,
    })
    .returning({ id: events.id });
  if (targets.length) {
    await db.insert(eventDeliveries).values(
      targets.map((target) => ({
        accountId: event.accountId,
        eventId: row!.id,
        targetKind: target.kind,
        webhookId: target.kind === "webhook" ? target.id : null,
        inboxId: target.kind === "inbox" ? target.id : null,
        agentBotId: target.kind === "agent_bot" ? target.id : null,
        nextAttemptAt: new Date(),
      })),
    );
  }
  // Delivered at commit (and dropped on rollback; repeats in one transaction fold into one): wakes
  // the sequencer for the live streams, and the dispatchers when something is to be sent.
  await db.execute(
    targets.length ? sql`select pg_notify(${recordedChannel}, ''), pg_notify(${deliveriesChannel}, '')` : sql`select pg_notify(${recordedChannel}, '')`,
  );
  return row!.id;
};

/** Who made the change, as the event records it; with no caller, the system did (a delivery that failed). */
export const actorOf = (caller: Caller | undefined): Actor => {
  if (!caller) return { kind: "system" };
  if (caller.kind === "user") return { kind: "user", id: caller.user.id };
  if (caller.kind === "agent_bot") return { kind: "agent_bot", id: caller.bot.id };
  if (caller.kind === "contact") return { kind: "contact", id: caller.contactId };
  return { kind: "platform_app", id: caller.app.id };
};
