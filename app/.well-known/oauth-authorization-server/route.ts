// GET /.well-known/oauth-authorization-server — RFC 8414 authorization server metadata
import { handlers } from "@/lib/http/route";
import { discoveryRoute, preflight } from "@/lib/oauth/http";
import { authorizationServerMetadata } from "@/lib/oauth/metadata";
import { issuerOf } from "@/lib/oauth/urls";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: discoveryRoute(async (request) => authorizationServerMetadata(issuerOf(request))),
});
export const OPTIONS = preflight;
