import ChatwootClient, { ApiError } from "@figuro/chatwoot-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { contacts, conversations, inboxes, webhookSubscriptionDefaults } from "@/db/schema";
import { makeTeam } from "../helpers/factories";
import { startServer, type TestServer } from "../helpers/http-server";

/*
 * A published Chatwoot client, used as its users use it, against our app over real HTTP on
 * 127.0.0.1: @figuro/chatwoot-sdk (generated from Chatwoot's swagger) sends the
 * `api_access_token` header and plain JSON bodies, and hands back Chatwoot's response bodies
 * as they come. The webhook URLs name hosts that do not resolve (.test): nothing is sent.
 */

let server: TestServer;
let team: Awaited<ReturnType<typeof makeTeam>>;
let client: ChatwootClient;

beforeAll(async () => {
  process.env.RATE_LIMITS = "off";
  server = await startServer();
  team = await makeTeam();
  client = new ChatwootClient({ config: { basePath: server.url, with_credentials: false, credentials: "omit", token: team.admin.token } });
});

afterAll(async () => {
  delete process.env.RATE_LIMITS;
  await server.close();
});

/** The SDK types the answers as bare webhooks; Chatwoot (and we) wrap them, as the client passes them on. */
type Wrapped<K extends string> = { payload: Record<K, any> };

describe("@figuro/chatwoot-sdk against Venuedesk", () => {
  it("creates, lists, updates and deletes webhooks, reading Chatwoot's wrappers", async () => {
    const accountId = team.account.id;
    const created = (await client.webhooks.create({
      accountId,
      data: { url: "https://crm.example.test/chatwoot", subscriptions: ["message_created", "conversation_status_changed"] },
    })) as unknown as Wrapped<"webhook">;
    const hook = created.payload.webhook;
    expect(hook).toMatchObject({
      id: expect.any(Number),
      url: "https://crm.example.test/chatwoot",
      account_id: accountId,
      subscriptions: ["message_created", "conversation_status_changed"],
      secret: expect.any(String),
    });

    const second = (await client.webhooks.create({ accountId, data: { url: "https://erp.example.test/hook" } })) as unknown as Wrapped<"webhook">;
    expect(second.payload.webhook.subscriptions).toEqual(webhookSubscriptionDefaults);

    const listed = (await client.webhooks.list({ accountId })) as unknown as Wrapped<"webhooks">;
    expect(listed.payload.webhooks.map((w: { url: string }) => w.url)).toEqual(["https://crm.example.test/chatwoot", "https://erp.example.test/hook"]);

    const updated = (await client.webhooks.update({
      accountId,
      webhookId: hook.id,
      data: { url: "https://crm.example.test/v2", subscriptions: ["conversation_created"] },
    })) as unknown as Wrapped<"webhook">;
    expect(updated.payload.webhook).toMatchObject({ id: hook.id, url: "https://crm.example.test/v2", subscriptions: ["conversation_created"] });

    await client.webhooks.delete({ accountId, webhookId: hook.id });
    const after = (await client.webhooks.list({ accountId })) as unknown as Wrapped<"webhooks">;
    expect(after.payload.webhooks.map((w: { id: number }) => w.id)).toEqual([second.payload.webhook.id]);
  });

  it("reads reports: summaries, a metric over time, and live conversation counts of the account and per agent", async () => {
    const accountId = team.account.id;
    const db = getDb();
    const [inbox] = await db
      .insert(inboxes)
      .values({ accountId, name: "Website", channelType: "Channel::Api", identifier: `sdk-${accountId}`, hmacToken: "h", secret: "s" })
      .returning();
    const [contact] = await db.insert(contacts).values({ accountId, name: "Guest" }).returning();
    await db.insert(conversations).values({
      accountId,
      displayId: 1,
      inboxId: inbox!.id,
      contactId: contact!.id,
      assigneeId: team.agent.user.id,
      createdAt: new Date("2026-10-02T09:00:00Z"),
    });
    const window = { since: String(Date.parse("2026-10-01T00:00:00Z") / 1000), until: String(Date.parse("2026-10-03T23:59:59Z") / 1000) };

    const summary = await client.reports.listSummaries({ accountId, type: "account", ...window });
    expect(summary).toMatchObject({ conversations_count: 1, avg_first_response_time: null, previous: { conversations_count: 0 } });
    expect(await client.reports.list({ accountId, metric: "conversations_count", type: "account", ...window })).toEqual([
      { value: 0, timestamp: Date.parse("2026-10-01T00:00:00Z") / 1000 },
      { value: 1, timestamp: Date.parse("2026-10-02T00:00:00Z") / 1000 },
      { value: 0, timestamp: Date.parse("2026-10-03T00:00:00Z") / 1000 },
    ]);
    expect(await client.reports.getMetrics({ accountId, type: "account" })).toEqual({ open: 1, unattended: 1, unassigned: 0, pending: 0 });
    // The client asks for …/reports/conversations/ (a trailing slash).
    const agents = await client.reports.getAgentMetrics({ accountId, type: "agent", userId: String(team.agent.user.id) });
    expect(agents).toEqual([expect.objectContaining({ id: team.agent.user.id, email: team.agent.user.email, metric: { open: 1, unattended: 1 } })]);
  });

  it("surfaces a refusal as the client's ApiError with Chatwoot's status", async () => {
    const refused = await client.webhooks
      .create({ accountId: team.account.id, data: { url: "https://crm.example.test/bad", subscriptions: [] } })
      .then(() => null, (error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(422);
    expect((refused as ApiError).body).toMatchObject({ errors: [{ field: "subscriptions", message: "Invalid events" }] });

    const agent = new ChatwootClient({ config: { basePath: server.url, with_credentials: false, credentials: "omit", token: team.agent.token } });
    const unauthorized = await agent.webhooks.list({ accountId: team.account.id }).then(() => null, (error: unknown) => error);
    expect((unauthorized as ApiError).status).toBe(401);
  });
});
