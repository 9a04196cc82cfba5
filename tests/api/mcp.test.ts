import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeBot, makeMember, makePlatformApp, makeTeam } from "../helpers/factories";
import { startServer, type TestServer } from "../helpers/http-server";
import { makeOAuthToken } from "../helpers/oauth";

/*
 * The MCP endpoint over real HTTP with the official clients: the v1 SDK (2024-11-05 … 2025-11-25,
 * `initialize`) and the v2 SDK in its auto mode (2026-07-28, stateless), plus the protocol's
 * edges by hand (errors, headers, statuses).
 */

let server: TestServer;
let team: Awaited<ReturnType<typeof makeTeam>>;
let mcpUrl: string;

beforeAll(async () => {
  server = await startServer();
  team = await makeTeam();
  mcpUrl = `${server.url}/api/v1/accounts/${team.account.id}/mcp`;
});

afterAll(async () => {
  await server.close();
});

const v1Client = async (headers: Record<string, string>, url = mcpUrl) => {
  const client = new Client({ name: "venuedesk-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
};

const post = (body: unknown, headers: Record<string, string> = {}, url = mcpUrl) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", api_access_token: team.admin.token, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

const initialize = (protocolVersion: string) => ({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion, capabilities: {}, clientInfo: { name: "curl", version: "1" } },
});

const modernMeta = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
  "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1" },
};
const modernHeaders = (method: string, name?: string) => ({
  accept: "application/json, text/event-stream",
  "mcp-protocol-version": "2026-07-28",
  "mcp-method": method,
  ...(name ? { "mcp-name": name } : {}),
});

describe("the v1 SDK client (initialize)", () => {
  it("connects with a user access token, lists the tools its permissions allow, reads and writes", async () => {
    const admin = await v1Client({ api_access_token: team.admin.token });
    expect(admin.getServerVersion()?.name).toBe("venuedesk");
    const adminTools = (await admin.listTools()).tools.map((tool) => tool.name);
    expect(adminTools).toEqual(expect.arrayContaining(["list_conversations", "find_available_slots", "create_quote", "send_quote"]));

    const inboxes = await admin.callTool({ name: "list_inboxes", arguments: {} });
    expect(inboxes.isError).toBeFalsy();
    expect(inboxes.structuredContent).toHaveProperty("payload");

    const created = await admin.callTool({ name: "create_contact", arguments: { name: "Grace Hopper", email: `grace-${Date.now()}@example.test` } });
    expect(created.isError, JSON.stringify(created.content)).toBeFalsy();
    const found = await admin.callTool({ name: "search_contacts", arguments: { q: "Grace Hopper" } });
    expect(JSON.stringify(found.structuredContent)).toContain("Grace Hopper");
    await admin.close();
  });

  it("shows an agent without quote_manage no quote tools, and refuses them as unknown tools (-32602)", async () => {
    const agent = await v1Client({ api_access_token: team.agent.token });
    const names = (await agent.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain("list_conversations");
    for (const hidden of ["create_quote", "send_quote", "withdraw_quote", "place_hold"]) expect(names).not.toContain(hidden);
    await expect(agent.callTool({ name: "create_quote", arguments: {} })).rejects.toMatchObject({ code: -32602 });
    await agent.close();
  });

  it("negotiates every revision it knows: the requested one echoed, an unknown one answered with the latest", async () => {
    for (const version of ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"]) {
      const response = await post(initialize(version));
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("application/json");
      const body = await response.json();
      expect(body.result.protocolVersion).toBe(version);
      expect(body.result.serverInfo.name).toBe("venuedesk");
    }
    const unknown = await (await post(initialize("2023-01-01"))).json();
    expect(unknown.result.protocolVersion).toBe("2025-11-25");
  });

  it("lists tools with titles, hints, closed input schemas and output schemas", async () => {
    const body = await (await post({ jsonrpc: "2.0", id: 2, method: "tools/list", params: {} }, { "mcp-protocol-version": "2025-06-18" })).json();
    const tools = body.result.tools as { name: string; title: string; annotations: Record<string, unknown>; inputSchema: Record<string, unknown>; outputSchema?: Record<string, unknown> }[];
    expect(tools.length).toBeGreaterThanOrEqual(47);
    for (const tool of tools) {
      expect(tool.name.length).toBeLessThanOrEqual(64);
      expect(tool.title).toBeTruthy();
      expect(tool.annotations.openWorldHint).toBe(false);
      expect(typeof tool.annotations.readOnlyHint).toBe("boolean");
      expect(tool.inputSchema.type).toBe("object");
      expect(tool.inputSchema.additionalProperties).toBe(false);
    }
    expect(tools.some((tool) => tool.outputSchema?.type === "object")).toBe(true);
  });
});

describe("the v2 SDK client (auto mode)", () => {
  it("negotiates 2026-07-28 and works statelessly", async () => {
    const client = new ClientV2({ name: "venuedesk-test", version: "2.0.0" }, { versionNegotiation: { mode: "auto" } });
    await client.connect(new TransportV2(new URL(mcpUrl), { requestInit: { headers: { api_access_token: team.admin.token } } }));
    expect(client.getNegotiatedProtocolVersion()).toBe("2026-07-28");
    const listed = await client.listTools();
    expect(listed.tools.map((tool) => tool.name)).toContain("list_spaces");
    const spaces = await client.callTool({ name: "list_spaces", arguments: {} });
    expect(spaces.isError).toBeFalsy();
    await client.close();
  });

  it("answers server/discover, and lists tools with ttlMs and cacheScope", async () => {
    const discover = await post({ jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: modernMeta } }, modernHeaders("server/discover"));
    expect(discover.status).toBe(200);
    const { result } = await discover.json();
    expect(result.supportedVersions).toContain("2026-07-28");
    expect(result.capabilities.tools).toBeDefined();
    const list = await (await post({ jsonrpc: "2.0", id: 2, method: "tools/list", params: { _meta: modernMeta } }, modernHeaders("tools/list"))).json();
    expect(list.result.ttlMs).toBe(60_000);
    expect(list.result.cacheScope).toBe("private");
  });

  it("refuses a header that disagrees with the body (-32020) and an unserved revision (-32022)", async () => {
    const mismatch = await post({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: modernMeta } }, modernHeaders("prompts/list"));
    expect(mismatch.status).toBe(400);
    expect((await mismatch.json()).error.code).toBe(-32020);
    const unserved = await post(
      { jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: { ...modernMeta, "io.modelcontextprotocol/protocolVersion": "2099-01-01" } } },
      { ...modernHeaders("tools/list"), "mcp-protocol-version": "2099-01-01" },
    );
    expect(unserved.status).toBe(400);
    expect((await unserved.json()).error.code).toBe(-32022);
  });
});

describe("the protocol's edges", () => {
  it("answers malformed JSON -32700, an unknown method -32601, a notification 202", async () => {
    const broken = await post("{not json");
    expect(broken.status).toBe(400);
    expect((await broken.json()).error.code).toBe(-32700);
    const unknown = await (await post({ jsonrpc: "2.0", id: 3, method: "no/such_method", params: {} }, { "mcp-protocol-version": "2025-06-18" })).json();
    expect(unknown.error.code).toBe(-32601);
    const note = await post({ jsonrpc: "2.0", method: "notifications/initialized" }, { "mcp-protocol-version": "2025-06-18" });
    expect(note.status).toBe(202);
  });

  it("answers GET and DELETE 405 (no sessions), a foreign Origin 403, an unknown MCP-Protocol-Version 400", async () => {
    for (const method of ["GET", "DELETE"]) {
      const response = await fetch(mcpUrl, { method, headers: { api_access_token: team.admin.token } });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("POST");
    }
    const foreign = await post(initialize("2025-06-18"), { origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    const own = await post(initialize("2025-06-18"), { origin: server.url });
    expect(own.status).toBe(200);
    const version = await post({ jsonrpc: "2.0", id: 4, method: "tools/list", params: {} }, { "mcp-protocol-version": "1999-01-01" });
    expect(version.status).toBe(400);
  });
});

describe("who may call it", () => {
  it("answers 401 with the protected-resource metadata, and invalid_token only when a token was sent", async () => {
    const none = await fetch(mcpUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(initialize("2025-06-18")) });
    expect(none.status).toBe(401);
    const header = none.headers.get("www-authenticate")!;
    expect(header).toContain(`resource_metadata="${server.url}/.well-known/oauth-protected-resource/api/v1/accounts/${team.account.id}/mcp"`);
    expect(header).toContain('scope="');
    expect(header).not.toContain("invalid_token");
    const bad = await post(initialize("2025-06-18"), { api_access_token: "not-a-token" });
    expect(bad.status).toBe(401);
    expect(bad.headers.get("www-authenticate")).toContain('error="invalid_token"');
  });

  it("refuses agent bot and platform app tokens (401)", async () => {
    const bot = await makeBot(team.account.id);
    const platform = await makePlatformApp();
    for (const token of [bot.token, platform.token]) {
      const response = await post(initialize("2025-06-18"), { api_access_token: token });
      expect(response.status).toBe(401);
    }
  });

  it("answers a user who is not a member 403 with a JSON-RPC error", async () => {
    const other = await makeTeam();
    const outsider = other.admin;
    const response = await post(initialize("2025-06-18"), { api_access_token: outsider.token });
    expect(response.status).toBe(403);
    const body = await response.json();
    expect(body).toMatchObject({ jsonrpc: "2.0", id: 1, error: { code: -32003, data: { reason: "not_a_member" } } });
  });

  it("takes an OAuth Bearer JWT for this endpoint, whose scopes narrow the tools", async () => {
    const readOnly = await makeOAuthToken({ userId: team.admin.user.id, accountId: team.account.id, scopes: ["read"], issuer: server.url, audience: mcpUrl });
    const client = await v1Client({ authorization: `Bearer ${readOnly.token}` });
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain("list_spaces");
    expect(names).not.toContain("create_contact");
    await expect(client.callTool({ name: "create_contact", arguments: { name: "Nope" } })).rejects.toMatchObject({ code: -32602 });
    await client.close();

    const readWrite = await makeOAuthToken({ userId: team.admin.user.id, accountId: team.account.id, scopes: ["read", "write"], issuer: server.url, audience: mcpUrl });
    const writer = await v1Client({ authorization: `Bearer ${readWrite.token}` });
    expect((await writer.listTools()).tools.map((tool) => tool.name)).toContain("create_quote");
    await writer.close();

    await readWrite.revokeGrant();
    const revoked = await post(initialize("2025-06-18"), { api_access_token: "", authorization: `Bearer ${readWrite.token}` });
    expect(revoked.status).toBe(401);
  });

  it("refuses a token for another resource, and an expired one", async () => {
    const other = await makeTeam();
    const member = await makeMember(other.account.id, "administrator");
    const elsewhere = await makeOAuthToken({
      userId: member.user.id,
      accountId: other.account.id,
      scopes: ["read"],
      issuer: server.url,
      audience: `${server.url}/api/v1/accounts/${other.account.id}/mcp`,
    });
    const wrongAudience = await fetch(mcpUrl, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${elsewhere.token}` }, body: JSON.stringify(initialize("2025-06-18")) });
    expect(wrongAudience.status).toBe(401);
    expect(wrongAudience.headers.get("www-authenticate")).toContain("invalid_token");

    const expired = await makeOAuthToken({
      userId: team.admin.user.id,
      accountId: team.account.id,
      scopes: ["read"],
      issuer: server.url,
      audience: mcpUrl,
      now: new Date(Date.now() - 2 * 60 * 60 * 1000 - 60_000),
    });
    const late = await fetch(mcpUrl, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${expired.token}` }, body: JSON.stringify(initialize("2025-06-18")) });
    expect(late.status).toBe(401);
    expect(late.headers.get("www-authenticate")).toContain("expired");
  });
});
