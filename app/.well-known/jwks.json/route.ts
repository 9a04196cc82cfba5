// GET /.well-known/jwks.json — the public keys of access tokens
import { getDb } from "@/db/client";
import { handlers } from "@/lib/http/route";
import { discoveryRoute, preflight } from "@/lib/oauth/http";
import { publishedKeys } from "@/lib/oauth/keys";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: discoveryRoute(async () => publishedKeys(getDb())),
});
export const OPTIONS = preflight;
