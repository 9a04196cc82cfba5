import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, getDb } from "@/db/client";
import { eventDeliveries } from "@/db/schema";
import { dispatchDue } from "@/lib/events/dispatch";
import { api } from "../helpers/app";
import { makeTeam } from "../helpers/factories";
import { listenOnLoopback } from "../helpers/receiver";

/*
 * Two dispatchers on two connection pools (as two app instances would be) share one database's
 * deliveries: each is requested exactly once, and never twice at the same time.
 */

let receiver: Awaited<ReturnType<typeof listenOnLoopback>>;
let base: string;
const requests = new Map<string, number>();
const inFlight = new Map<string, number>();
let overlapped = 0;

beforeAll(async () => {
  process.env.RATE_LIMITS = "off";
  receiver = await listenOnLoopback((req, res) => {
    const id = String(req.headers["x-chatwoot-delivery"]);
    requests.set(id, (requests.get(id) ?? 0) + 1);
    inFlight.set(id, (inFlight.get(id) ?? 0) + 1);
    if (inFlight.get(id)! > 1) overlapped += 1;
    req.resume();
    req.on("end", () =>
      setTimeout(() => {
        inFlight.set(id, inFlight.get(id)! - 1);
        res.writeHead(200).end("{}");
      }, 5),
    );
  });
  base = receiver.base;
});

afterAll(async () => {
  delete process.env.RATE_LIMITS;
  await receiver.close();
});

describe("two dispatchers on one database", () => {
  it("never deliver one event twice, nor at once", async () => {
    const team = await makeTeam();
    const inbox = await api.post(`/api/v1/accounts/${team.account.id}/inboxes`, {
      token: team.admin.token,
      body: { name: "Busy API", channel: { type: "api", webhook_url: `${base}/hook` } },
    });
    const pub = `/public/api/v1/inboxes/${inbox.body.inbox_identifier}`;
    const contact = await api.post(`${pub}/contacts`, { body: { name: "Grace" } });
    const conversation = await api.post(`${pub}/contacts/${contact.body.source_id}/conversations`, { body: {} });
    for (let i = 0; i < 80; i++) {
      const res = await api.post(`/api/v1/accounts/${team.account.id}/conversations/${conversation.body.id}/messages`, {
        token: team.admin.token,
        body: { content: `Reply ${i}` },
      });
      expect(res.status).toBe(200);
    }
    // conversation_created, 80 message_created, and the first reply's conversation_updated (the wait ended).
    const pending = await getDb().select({ deliveryId: eventDeliveries.deliveryId }).from(eventDeliveries);
    expect(pending.length).toBe(82);

    const pools = [createDb(process.env.DATABASE_URL!, { max: 4 }), createDb(process.env.DATABASE_URL!, { max: 4 })];
    try {
      const now = () => new Date(Date.now() + 1_000);
      const totals = await Promise.all(pools.map((db) => dispatchDue(db, { now, batch: 6 })));
      expect(totals[0]!.attempted + totals[1]!.attempted).toBe(82);
      // Both took part.
      expect(totals.every((total) => total.attempted > 0)).toBe(true);
    } finally {
      await Promise.all(pools.map((db) => db.$client.end()));
    }
    expect(overlapped).toBe(0);
    expect(requests.size).toBe(82);
    expect([...requests.values()].every((count) => count === 1)).toBe(true);
    const rows = await getDb().select({ status: eventDeliveries.status }).from(eventDeliveries);
    expect(rows.every((row) => row.status === "delivered")).toBe(true);
  });
});
