import ChatwootClient, { ApiError } from "@figuro/chatwoot-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookSubscriptionDefaults } from "@/db/schema";
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
