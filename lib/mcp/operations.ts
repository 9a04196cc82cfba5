import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { ZAccountParams } from "@/lib/http/schemas";

const ZJsonRpc = z
  .object({
    jsonrpc: z.literal("2.0"),
    id: z.union([z.string(), z.number()]).optional().describe("Absent on notifications (answered 202 with no body)"),
    method: z.string().describe("initialize, tools/list, tools/call, prompts/list, prompts/get, ping, server/discover (2026-07-28), …"),
    params: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: "JsonRpcRequest" });

export const mcpOp = defineOperation({
  method: "POST",
  path: "/api/v1/accounts/{account_id}/mcp",
  summary:
    "MCP (Streamable HTTP, stateless): JSON-RPC 2.0 for AI assistants, protocol revisions 2024-11-05 to 2026-07-28. A user access token (api_access_token) or an OAuth Bearer JWT; tools are those the caller's permissions and scopes allow. 401 carries WWW-Authenticate with the protected-resource metadata; a user who is not a member gets 403 with a JSON-RPC error (code -32003).",
  tag: "MCP",
  callers: ["user"],
  params: ZAccountParams,
  body: ZJsonRpc,
  response: z.record(z.string(), z.unknown()).meta({ id: "JsonRpcResponse" }),
  errors: [400, 403, 405, 406, 413, 429],
});
