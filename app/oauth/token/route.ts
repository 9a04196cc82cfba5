// POST /oauth/token — RFC 6749 token endpoint (authorization_code, refresh_token, client_credentials)
import { getDb } from "@/db/client";
import { handlers } from "@/lib/http/route";
import { authenticateClient } from "@/lib/oauth/clients";
import { limitByAddress, oauthRoute, preflight, readTokenRequest, tokenResponse } from "@/lib/oauth/http";
import { issueTokens } from "@/lib/oauth/token";
import { issuerOf } from "@/lib/oauth/urls";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: oauthRoute(async (request) => {
    await limitByAddress(request, "oauth_token");
    const input = await readTokenRequest(request);
    const client = await authenticateClient(getDb(), request, input);
    return tokenResponse(await issueTokens(getDb(), { client, input, issuer: issuerOf(request) }));
  }),
});
export const OPTIONS = preflight;
