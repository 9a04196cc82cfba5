import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { agentBots, eventDeliveries, webhooks } from "@/db/schema";
import { accountContext, type AccountCtx, type UserCaller } from "@/lib/auth/caller";
import { dispatchDue } from "@/lib/events/dispatch";
import { recordEvent } from "@/lib/events/record";
import { api } from "../helpers/app";
import { makeTeam } from "../helpers/factories";
import { startReceiver, type Receiver } from "../helpers/receiver";

/*
 * Settings → Webhooks and the delivery logs, through the portal's actions and loaders against
 * the real database and the real services; only what Next.js provides around them (the session,
 * request headers, the page cache) is stood in for. Deliveries go to a real receiver on
 * 127.0.0.1, allow-listed while it runs.
 */

const session = vi.hoisted(() => ({ ctx: null as unknown, revalidated: [] as string[] }));

vi.mock("@/lib/auth/session", () => ({
  portalContext: async (accountId: number | string) => {
    const ctx = session.ctx as AccountCtx<UserCaller>;
    if (Number(accountId) !== ctx.account.id) {
      const { notFound } = await import("next/navigation");
      notFound();
    }
    return ctx;
  },
}));
vi.mock("next/headers", () => ({ headers: async () => new Headers({ "x-forwarded-for": "127.0.0.1" }) }));
vi.mock("next/cache", () => ({ revalidatePath: (path: string) => session.revalidated.push(path) }));

const { createWebhookAction, deleteWebhookAction, redeliverAction, resetWebhookSecretAction, updateWebhookAction } = await import("@/lib/portal/actions/webhooks");
const { loadDeliveryLog, loadWebhook, loadWebhooks } = await import("@/lib/portal/loaders/webhooks");
const { idleState } = await import("@/lib/portal/form-state");
const { resetAgentBotSecretAction } = await import("@/lib/portal/actions/agent-bots");

let receiver: Receiver;
let team: Awaited<ReturnType<typeof makeTeam>>;
let accountId: number;
let admin: AccountCtx<UserCaller>;
let agent: AccountCtx<UserCaller>;

beforeAll(async () => {
  process.env.RATE_LIMITS = "off";
  receiver = await startReceiver();
  team = await makeTeam();
  accountId = team.account.id;
  admin = await accountContext(getDb(), { kind: "user", user: team.admin.user }, accountId);
  agent = await accountContext(getDb(), { kind: "user", user: team.agent.user }, accountId);
});

afterAll(async () => {
  delete process.env.RATE_LIMITS;
  await receiver.close();
});

beforeEach(() => {
  session.ctx = admin;
  session.revalidated = [];
});

const form = (fields: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) data.append(name, one);
  return data;
};

/** The Next.js control-flow signal a call threw, by its digest ("NEXT_REDIRECT;replace;/path;307;"). */
const signalOf = async (call: Promise<unknown>) => {
  try {
    await call;
  } catch (error) {
    return String((error as { digest?: string }).digest);
  }
  return "none";
};

const settings = (...segments: (string | number)[]) => [`/app/accounts/${accountId}/settings`, ...segments].join("/");
const hooksOfAccount = () => getDb().select().from(webhooks).where(eq(webhooks.accountId, accountId));

const createThroughForm = async (fields: Record<string, string | string[]>) => {
  const signal = await signalOf(createWebhookAction(accountId, idleState, form(fields)));
  const id = Number(new RegExp(`^NEXT_REDIRECT;.*;${settings("webhooks")}/(\\d+)\\?notice=created;`).exec(signal)?.[1]);
  expect(id, signal).toBeGreaterThan(0);
  return id;
};

const makeApiInbox = async (webhookPath: string) => {
  const res = await api.post(`/api/v1/accounts/${accountId}/inboxes`, {
    token: team.admin.token,
    body: { name: `API ${webhookPath}`, channel: { type: "api", webhook_url: `${receiver.base}${webhookPath}` } },
  });
  expect(res.status, res.text).toBe(200);
  return res.body as { id: number };
};

describe("Settings → Webhooks actions", () => {
  it("creates a webhook from the form with the ticked events for all inboxes, and opens its page", async () => {
    const id = await createThroughForm({ url: `${receiver.base}/created`, name: "CRM sync", inbox_id: "", subscriptions: ["message_created", "contact_created"] });
    expect(session.revalidated).toEqual([settings("webhooks")]);
    const stored = await loadWebhook(accountId, id);
    expect(stored).toMatchObject({ url: `${receiver.base}/created`, name: "CRM sync", inbox: null, subscriptions: ["message_created", "contact_created"], failing: false });
    expect(stored!.secret).toMatch(/^[\w-]{20,}$/);
    expect((await loadWebhooks(accountId)).webhooks!.map((webhook) => webhook.id)).toContain(id);
  });

  it("answers the service's refusals beside their fields, keeps what was typed and stores nothing", async () => {
    await createThroughForm({ url: `${receiver.base}/taken`, name: "", inbox_id: "", subscriptions: "message_created" });
    const before = (await hooksOfAccount()).length;
    const cases: [Record<string, string | string[]>, string, RegExp][] = [
      [{ url: "http://127.0.0.1:9/hook", subscriptions: ["message_created", "contact_created"] }, "url", /loopback/i],
      [{ url: "ftp://example.test/hook", subscriptions: "message_created" }, "url", /http\(s\) URL/],
      [{ url: `${receiver.base}/taken`, subscriptions: "message_created" }, "url", /^Has already been taken/],
      [{ url: `${receiver.base}/no-events` }, "subscriptions", /^Invalid events/],
      [{ url: `${receiver.base}/unknown-event`, subscriptions: "message_deleted" }, "subscriptions", /^Invalid events/],
    ];
    for (const [fields, field, message] of cases) {
      const state = await createWebhookAction(accountId, idleState, form({ name: "Typed name", inbox_id: "", ...fields }));
      expect(state.status, JSON.stringify(fields)).toBe("error");
      expect(state.errors[field], JSON.stringify(state)).toMatch(message);
      expect(state.values).toMatchObject({ url: fields.url, name: "Typed name", subscriptions: [fields.subscriptions ?? []].flat().join(",") });
    }
    expect(await hooksOfAccount()).toHaveLength(before);
  });

  it("scopes a webhook to one inbox and back to all inboxes, and refuses another account's inbox", async () => {
    const id = await createThroughForm({ url: `${receiver.base}/scoped`, subscriptions: "message_created" });
    const inbox = await makeApiInbox("/scoped-inbox");
    const edit = (inboxId: string) => signalOf(updateWebhookAction(accountId, id, idleState, form({ url: `${receiver.base}/scoped`, name: "", inbox_id: inboxId, subscriptions: "message_created" })));

    expect(await edit(String(inbox.id))).toMatch(new RegExp(`^NEXT_REDIRECT;.*;${settings("webhooks")}\\?notice=updated;`));
    expect((await loadWebhook(accountId, id))!.inbox).toMatchObject({ id: inbox.id, channel_type: "Channel::Api" });
    await edit("");
    expect((await loadWebhook(accountId, id))!.inbox).toBeNull();

    const other = await makeTeam();
    const foreign = await api.post(`/api/v1/accounts/${other.account.id}/inboxes`, { token: other.admin.token, body: { name: "Theirs", channel: { type: "api" } } });
    const refused = await updateWebhookAction(accountId, id, idleState, form({ url: `${receiver.base}/scoped`, inbox_id: String(foreign.body.id), subscriptions: "message_created" }));
    expect(refused.status).toBe("error");
    expect(refused.errors.inbox_id).toBeDefined();
    expect((await loadWebhook(accountId, id))!.inbox).toBeNull();
  });

  it("rotates the secret and hands the new one to the page", async () => {
    const id = await createThroughForm({ url: `${receiver.base}/rotated`, subscriptions: "message_created" });
    const old = (await loadWebhook(accountId, id))!.secret;
    session.revalidated = [];
    const state = await resetWebhookSecretAction(accountId, id, idleState, new FormData());
    expect(state).toMatchObject({ status: "success", message: expect.stringMatching(/new secret/) });
    const [stored] = await getDb().select({ secret: webhooks.secret }).from(webhooks).where(eq(webhooks.id, id));
    expect(state.data?.secret).toBe(stored!.secret);
    expect(stored!.secret).not.toBe(old);
    expect(session.revalidated).toEqual([settings("webhooks", id)]);
  });

  it("rotates an agent bot's signing secret from its page; agents cannot", async () => {
    const bot = await api.post(`/api/v1/accounts/${accountId}/agent_bots`, { token: team.admin.token, body: { name: "Rotating bot" } });
    session.revalidated = [];
    const state = await resetAgentBotSecretAction(accountId, bot.body.id, idleState, new FormData());
    expect(state).toMatchObject({ status: "success", message: expect.stringMatching(/new secret/) });
    const [stored] = await getDb().select({ secret: agentBots.secret }).from(agentBots).where(eq(agentBots.id, bot.body.id));
    expect(state.data?.secret).toBe(stored!.secret);
    expect(stored!.secret).not.toBe(bot.body.secret);
    expect(session.revalidated).toEqual([settings("agent-bots", bot.body.id)]);
    session.ctx = agent;
    expect(await resetAgentBotSecretAction(accountId, bot.body.id, idleState, new FormData())).toMatchObject({ status: "error" });
  });

  it("deletes a webhook and goes back to the list; another account's webhook is not found", async () => {
    const id = await createThroughForm({ url: `${receiver.base}/deleted`, subscriptions: "message_created" });
    const other = await makeTeam();
    session.ctx = await accountContext(getDb(), { kind: "user", user: other.admin.user }, other.account.id);
    expect(await deleteWebhookAction(other.account.id, id, idleState, new FormData())).toMatchObject({ status: "error", message: "Webhook could not be found" });
    session.ctx = admin;
    expect(await signalOf(deleteWebhookAction(accountId, id, idleState, new FormData()))).toMatch(new RegExp(`^NEXT_REDIRECT;.*;${settings("webhooks")}\\?notice=deleted;`));
    expect((await hooksOfAccount()).map((hook) => hook.id)).not.toContain(id);
  });

  it("keeps members who are not administrators out: no list, no webhook, no changes", async () => {
    const id = await createThroughForm({ url: `${receiver.base}/admins-only`, subscriptions: "message_created" });
    session.ctx = agent;
    expect((await loadWebhooks(accountId)).webhooks).toBeNull();
    expect(await loadWebhook(accountId, id)).toBeNull();
    const refused = await createWebhookAction(accountId, idleState, form({ url: `${receiver.base}/by-agent`, subscriptions: "message_created" }));
    expect(refused.status).toBe("error");
    expect(await resetWebhookSecretAction(accountId, id, idleState, new FormData())).toMatchObject({ status: "error" });
    expect((await hooksOfAccount()).map((hook) => hook.url)).not.toContain(`${receiver.base}/by-agent`);
  });
});

describe("delivery logs and Redeliver", () => {
  it("shows each target's deliveries with their attempts and sends one again from the webhook's, the bot's and the inbox's page", async () => {
    const hookId = await createThroughForm({ url: `${receiver.base}/log-hook`, subscriptions: "message_created" });
    const inbox = await makeApiInbox("/log-inbox");
    const bot = await api.post(`/api/v1/accounts/${accountId}/agent_bots`, { token: team.admin.token, body: { name: "Log bot", outgoing_url: `${receiver.base}/log-bot` } });
    await api.post(`/api/v1/accounts/${accountId}/inboxes/${inbox.id}/set_agent_bot`, { token: team.admin.token, body: { agent_bot: bot.body.id } });
    receiver.script.set("/log-hook", { statuses: [404] });
    await recordEvent(getDb(), { accountId, name: "message_created", inboxId: inbox.id, actor: { kind: "system" }, render: async () => ({ id: 1, content: "Is the hall free?" }) });
    await dispatchDue(getDb(), { now: () => new Date(Date.now() + 1_000), random: () => 0 });

    const targets = [
      { kind: "webhook", id: hookId, page: settings("webhooks", hookId), status: "failed", code: 404 },
      { kind: "agent_bot", id: bot.body.id as number, page: settings("agent-bots", bot.body.id), status: "delivered", code: 200 },
      { kind: "inbox", id: inbox.id, page: settings("inboxes", inbox.id), status: "delivered", code: 200 },
    ] as const;
    for (const target of targets) {
      const { log } = await loadDeliveryLog(accountId, target.kind, target.id, 1);
      expect(log.meta).toEqual({ current_page: 1, count: 1 });
      const [delivery] = log.payload.deliveries;
      expect(delivery).toMatchObject({ event: "message_created", status: target.status, attempts: 1, last_status: target.code });
      expect(delivery!.attempts_log).toMatchObject([{ attempt: 1, status_code: target.code, url: expect.stringContaining(receiver.base) }]);

      session.revalidated = [];
      const state = await redeliverAction(accountId, target.kind, target.id, delivery!.delivery_id, idleState, new FormData());
      expect(state).toMatchObject({ status: "success", message: expect.stringMatching(/^Queued again/) });
      expect(session.revalidated).toEqual([target.page]);
      // Still pending: it is going to be tried anyway.
      expect(await redeliverAction(accountId, target.kind, target.id, delivery!.delivery_id, idleState, new FormData())).toMatchObject({
        status: "error",
        message: expect.stringMatching(/still pending/),
      });
    }
    await dispatchDue(getDb(), { now: () => new Date(Date.now() + 2_000), random: () => 0 });
    for (const target of targets) {
      const [delivery] = (await loadDeliveryLog(accountId, target.kind, target.id, 1)).log.payload.deliveries;
      expect(delivery).toMatchObject({ status: "delivered", attempts: 2, last_status: 200 });
      expect(delivery!.attempts_log.map((attempt) => attempt.status_code)).toEqual([target.code, 200]);
    }
    expect(receiver.seenAt("/log-hook").map((request) => request.headers["x-chatwoot-delivery"])).toHaveLength(2);
  });

  it("redelivers only under the delivery's own target, and not for agents", async () => {
    const hookId = await createThroughForm({ url: `${receiver.base}/own-target`, subscriptions: "contact_created" });
    await recordEvent(getDb(), { accountId, name: "contact_created", actor: { kind: "system" }, render: async () => ({ id: 2 }) });
    await dispatchDue(getDb(), { now: () => new Date(Date.now() + 1_000), random: () => 0 });
    const [delivery] = await getDb().select().from(eventDeliveries).where(and(eq(eventDeliveries.accountId, accountId), eq(eventDeliveries.webhookId, hookId)));
    const otherHook = await createThroughForm({ url: `${receiver.base}/not-its-target`, subscriptions: "contact_created" });

    expect(await redeliverAction(accountId, "webhook", otherHook, delivery!.deliveryId, idleState, new FormData())).toMatchObject({ status: "error", message: "Delivery could not be found" });
    expect(await redeliverAction(accountId, "mailbox" as "webhook", hookId, delivery!.deliveryId, idleState, new FormData())).toMatchObject({ status: "error", message: "Record could not be found" });
    session.ctx = agent;
    expect(await redeliverAction(accountId, "webhook", hookId, delivery!.deliveryId, idleState, new FormData())).toMatchObject({ status: "error" });
    const [after] = await getDb().select({ status: eventDeliveries.status }).from(eventDeliveries).where(eq(eventDeliveries.id, delivery!.id));
    expect(after!.status).toBe("delivered");
  });
});
