import { randomUUID } from "node:crypto";
import { getDb } from "@/db/client";
import { eventDeliveries, events } from "@/db/schema";
import { maxRecordId } from "@/lib/http/schemas";
import { api } from "./app";
import type { Fixture } from "./fixtures";

/*
 * A webhook, and a finished delivery for each kind of target (the webhook, the fixture's bot and
 * its inbox), for the sweeps that fill `{id}` of /webhooks and `{delivery_id}` from a fixture.
 * fixtures.ts makes none of them; a sweep that has not called `makeDeliveryRecords` for a fixture
 * gets ids that name nothing (its requests answer 404).
 */
export type DeliveryRecords = { webhookId: number; deliveryIds: Record<"webhooks" | "agent_bots" | "inboxes", string> };

const made = new Map<number, DeliveryRecords>();
const none: DeliveryRecords = {
  webhookId: maxRecordId,
  deliveryIds: { webhooks: randomUUID(), agent_bots: randomUUID(), inboxes: randomUUID() },
};

export const deliveryRecordsOf = (fixture: Fixture) => made.get(fixture.accountId) ?? none;

export const makeDeliveryRecords = async (fixture: Fixture) => {
  const created = await api.post(`/api/v1/accounts/${fixture.accountId}/webhooks`, {
    token: fixture.admin.token,
    body: { url: `https://hooks-${fixture.tag}.example.test/events`, name: `Webhook ${fixture.tag}` },
  });
  if (created.status !== 200) throw new Error(`fixture webhook: ${created.status} ${created.text.slice(0, 300)}`);
  const webhookId = created.body.payload.webhook.id as number;
  const db = getDb();
  const [event] = await db
    .insert(events)
    .values({ accountId: fixture.accountId, name: "message_created", inboxId: fixture.inbox.id, actor: { kind: "system" }, payload: { event: "message_created" } })
    .returning({ id: events.id });
  const targets = [
    { targetKind: "webhook", webhookId },
    { targetKind: "agent_bot", agentBotId: fixture.bot.id },
    { targetKind: "inbox", inboxId: fixture.inbox.id },
  ] as const;
  const rows = await db
    .insert(eventDeliveries)
    .values(targets.map((target) => ({ accountId: fixture.accountId, eventId: event!.id, status: "delivered" as const, attempts: 1, ...target })))
    .returning({ deliveryId: eventDeliveries.deliveryId });
  const records: DeliveryRecords = {
    webhookId,
    deliveryIds: { webhooks: rows[0]!.deliveryId, agent_bots: rows[1]!.deliveryId, inboxes: rows[2]!.deliveryId },
  };
  made.set(fixture.accountId, records);
  return records;
};
