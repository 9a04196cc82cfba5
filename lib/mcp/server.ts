import { McpServer } from "@modelcontextprotocol/server";
import { callTool } from "./call";
import { listedSchemas } from "./json-schema";
import { prompts } from "./prompts";
import { registerResources } from "./resources";
import { toolsFor, type McpCtx } from "./tool";
import { tools } from "./tools";
import { hasScope, type Scope } from "@/lib/oauth/scopes";

export const serverInfo = { name: "venuedesk", title: "Venuedesk", version: "1.1.0" };

const instructions = [
  "Venuedesk: customer conversations joined to event planning (spaces, holds, bookings) and quotes.",
  "Tools act with the signed-in user's rights in one account; you see only the tools you may call.",
  "Times are ISO 8601 with an offset (answers use UTC); spaces carry their IANA time zone, and opening hours and weekdays are judged in it.",
  "Money is exact and belongs to its record's currency: send prices as decimal strings (\"12.50\"), never add amounts of different currencies.",
  "Lists are paged: pass a result's next_cursor back as cursor for the next page.",
].join("\n");

/** What the endpoint hands the SDK per request: the caller's account context and granted scopes. */
export type McpCaller = { ctx: McpCtx; scopes: readonly Scope[] };

/**
 * One server per request, for one caller: only the tools (and the prompts built on them) its
 * membership and scopes allow are registered, so `tools/list` shows exactly what it may call and
 * any other name is answered as an unknown tool (-32602).
 */
export const buildServer = ({ ctx, scopes }: McpCaller) => {
  const server = new McpServer(serverInfo, {
    instructions,
    // The list depends on the caller's permissions, which change rarely: a client may keep it a minute.
    cacheHints: Object.fromEntries(["tools/list", "prompts/list", "resources/list", "resources/templates/list"].map((method) => [method, { ttlMs: 60_000, cacheScope: "private" }])),
    capabilities: { tools: { listChanged: false }, prompts: { listChanged: false }, resources: { listChanged: false } },
  });
  const allowed = toolsFor(tools, ctx.membership!, scopes);
  for (const tool of allowed) {
    const schemas = listedSchemas(tool);
    server.registerTool(
      tool.name,
      { title: tool.title, description: tool.description, inputSchema: schemas.input, outputSchema: schemas.output, annotations: { title: tool.title, ...tool.annotations } },
      (args: unknown) => callTool(tool, ctx, args),
    );
  }
  const names = new Set(allowed.map((tool) => tool.name));
  for (const prompt of prompts.filter((p) => p.tools.every((name) => names.has(name)))) {
    server.registerPrompt(prompt.name, { title: prompt.title, description: prompt.description, argsSchema: prompt.args }, (args: Record<string, unknown>) => ({
      description: prompt.description,
      messages: [{ role: "user" as const, content: { type: "text" as const, text: prompt.text(args as Record<string, string | undefined>) } }],
    }));
  }
  registerResources(server, ctx, allowed, hasScope(scopes, "read"));
  return server;
};
