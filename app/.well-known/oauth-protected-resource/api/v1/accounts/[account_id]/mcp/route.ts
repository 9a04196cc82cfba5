// GET /.well-known/oauth-protected-resource/api/v1/accounts/{account_id}/mcp — RFC 9728 metadata of an MCP endpoint
import { handlers } from "@/lib/http/route";
import { discoveryRoute, preflight } from "@/lib/oauth/http";
import { protectedResourceMetadata } from "@/lib/oauth/metadata";
import { mcpResourceMetadataOp } from "@/lib/oauth/operations";
import { issuerOf } from "@/lib/oauth/urls";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: discoveryRoute(async (request, { params }) => protectedResourceMetadata(issuerOf(request), params.account_id), mcpResourceMetadataOp),
});
export const OPTIONS = preflight;
