// POST /oauth/register — RFC 7591 dynamic client registration
import { getDb } from "@/db/client";
import { handlers } from "@/lib/http/route";
import { limitByAddress, oauthRoute, parseOAuthInput, preflight, readJsonObject, tokenResponse } from "@/lib/oauth/http";
import { registerClient } from "@/lib/oauth/register-client";
import { ZClientRegistration } from "@/lib/oauth/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: oauthRoute(async (request) => {
    await limitByAddress(request, "oauth_register");
    const raw = await readJsonObject(request, "invalid_client_metadata");
    const input = parseOAuthInput(ZClientRegistration, raw, "invalid_client_metadata", (field) =>
      field.startsWith("redirect_uris") ? "invalid_redirect_uri" : "invalid_client_metadata",
    );
    return tokenResponse(await registerClient(getDb(), input), 201);
  }),
});
export const OPTIONS = preflight;
