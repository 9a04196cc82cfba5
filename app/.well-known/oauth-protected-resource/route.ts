// GET /.well-known/oauth-protected-resource — RFC 9728 metadata of the whole API
import { handlers } from "@/lib/http/route";
import { discoveryRoute, preflight } from "@/lib/oauth/http";
import { protectedResourceMetadata } from "@/lib/oauth/metadata";
import { issuerOf } from "@/lib/oauth/urls";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: discoveryRoute(async (request) => protectedResourceMetadata(issuerOf(request))),
});
export const OPTIONS = preflight;
