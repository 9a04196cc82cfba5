// POST /api/v1/accounts/{account_id}/mcp — the MCP endpoint (lib/mcp/endpoint.ts). Stateless: no
// sessions, so GET (a session's stream) and DELETE (ending one) answer 405.
import { handlers } from "@/lib/http/route";
import { mcpEndpoint } from "@/lib/mcp/endpoint";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({ POST: mcpEndpoint });
