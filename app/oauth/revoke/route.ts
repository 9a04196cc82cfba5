// POST /oauth/revoke — RFC 7009 token revocation
import { getDb } from "@/db/client";
import { handlers } from "@/lib/http/route";
import { authenticateClient } from "@/lib/oauth/clients";
import { limitByAddress, oauthRoute, parseOAuthInput, preflight, readFormParameters } from "@/lib/oauth/http";
import { revokeToken } from "@/lib/oauth/revoke";
import { ZRevocationRequest } from "@/lib/oauth/schemas";
import { issuerOf } from "@/lib/oauth/urls";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: oauthRoute(async (request) => {
    await limitByAddress(request, "oauth_token");
    const input = parseOAuthInput(ZRevocationRequest, await readFormParameters(request), "invalid_request");
    const client = await authenticateClient(getDb(), request, input);
    await revokeToken(getDb(), { client, token: input.token, issuer: issuerOf(request) });
    return new Response(null, { status: 200 });
  }),
});
export const OPTIONS = preflight;
