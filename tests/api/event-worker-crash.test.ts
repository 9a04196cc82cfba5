import { spawn, type ChildProcess } from "node:child_process";
import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { eventDeliveries } from "@/db/schema";
import { api } from "../helpers/app";
import { makeTeam } from "../helpers/factories";
import { listenOnLoopback } from "../helpers/receiver";

/*
 * `npm run worker` killed (SIGKILL) while a receiver holds a request open, then started again:
 * once the dead worker's lease ends, everything is delivered, at least once.
 */

let receiver: Awaited<ReturnType<typeof listenOnLoopback>>;
let base: string;
/** Delivery ids the receiver answered with 200. */
const answered = new Set<string>();
let stalled = 0;
const held: ServerResponse[] = [];
let onStall: () => void = () => undefined;
const workers: ChildProcess[] = [];

const startWorker = () => {
  const worker = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
    env: { ...process.env, WEBHOOK_LEASE_SECONDS: "2", LOG_LEVEL: "silent" },
    stdio: "ignore",
  });
  workers.push(worker);
  return worker;
};

beforeAll(async () => {
  process.env.RATE_LIMITS = "off";
  receiver = await listenOnLoopback((req, res) => {
    req.resume();
    req.on("end", () => {
      // The first request is never answered: the worker dies while it waits.
      if (stalled === 0) {
        stalled += 1;
        held.push(res);
        onStall();
        return;
      }
      answered.add(String(req.headers["x-chatwoot-delivery"]));
      res.writeHead(200).end("{}");
    });
  });
  base = receiver.base;
});

afterAll(async () => {
  for (const worker of workers) if (worker.exitCode === null) worker.kill("SIGKILL");
  for (const res of held) res.destroy();
  delete process.env.RATE_LIMITS;
  await receiver.close();
});

const until = async (condition: () => Promise<boolean>, timeoutMs: number) => {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
};

describe("a worker killed mid-delivery", () => {
  it("leaves nothing undelivered once a worker runs again", { timeout: 60_000 }, async () => {
    const team = await makeTeam();
    const inbox = await api.post(`/api/v1/accounts/${team.account.id}/inboxes`, {
      token: team.admin.token,
      body: { name: "Crash API", channel: { type: "api", webhook_url: `${base}/hook` } },
    });
    const pub = `/public/api/v1/inboxes/${inbox.body.inbox_identifier}`;
    const contact = await api.post(`${pub}/contacts`, { body: { name: "Linus" } });
    const conversation = await api.post(`${pub}/contacts/${contact.body.source_id}/conversations`, { body: {} });
    for (let i = 0; i < 5; i++) {
      await api.post(`${pub}/contacts/${contact.body.source_id}/conversations/${conversation.body.id}/messages`, { body: { content: `Hello ${i}` } });
    }
    const ids = (await getDb().select({ deliveryId: eventDeliveries.deliveryId }).from(eventDeliveries)).map((row) => row.deliveryId);
    expect(ids).toHaveLength(6);

    const first = startWorker();
    await new Promise<void>((resolve) => (onStall = resolve));
    first.kill("SIGKILL");
    await new Promise((resolve) => first.once("exit", resolve));

    const second = startWorker();
    const delivered = async () =>
      (await getDb().select({ status: eventDeliveries.status }).from(eventDeliveries)).every((row) => row.status === "delivered");
    expect(await until(delivered, 40_000)).toBe(true);
    expect(ids.every((id) => answered.has(id))).toBe(true);

    // SIGTERM: the worker stops claiming, lets its attempts finish and exits cleanly.
    const exited = new Promise<number | null>((resolve) => second.once("exit", resolve));
    second.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});
