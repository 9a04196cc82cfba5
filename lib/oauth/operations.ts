import { defineOperation } from "@/lib/http/operation";
import { ZAccountParams } from "@/lib/http/schemas";
import {
  ZAuthorizationServerMetadata,
  ZClientInformation,
  ZClientRegistration,
  ZJwks,
  ZOAuthError,
  ZProtectedResourceMetadata,
  ZRevocationRequest,
  ZTokenRequest,
  ZTokenResponse,
} from "./schemas";

const tag = "OAuth";

export const authorizationServerMetadataOp = defineOperation({
  method: "GET",
  path: "/.well-known/oauth-authorization-server",
  summary: "Authorization server metadata (RFC 8414; no token)",
  tag,
  callers: [],
  response: ZAuthorizationServerMetadata,
});

export const protectedResourceMetadataOp = defineOperation({
  method: "GET",
  path: "/.well-known/oauth-protected-resource",
  summary: "Protected resource metadata of the whole API (RFC 9728; no token)",
  tag,
  callers: [],
  response: ZProtectedResourceMetadata,
});

export const mcpResourceMetadataOp = defineOperation({
  method: "GET",
  path: "/.well-known/oauth-protected-resource/api/v1/accounts/{account_id}/mcp",
  summary: "Protected resource metadata of an account's MCP endpoint (RFC 9728; answered for any well-formed id; no token)",
  tag,
  callers: [],
  params: ZAccountParams,
  response: ZProtectedResourceMetadata,
  errors: [404],
});

export const jwksOp = defineOperation({
  method: "GET",
  path: "/.well-known/jwks.json",
  summary: "The public keys access tokens are signed with: current, next and retired (no token)",
  tag,
  callers: [],
  response: ZJwks,
});

export const registerClientOp = defineOperation({
  method: "POST",
  path: "/oauth/register",
  summary: "Dynamic client registration (RFC 7591): authorization code clients; the secret of a confidential client is shown once",
  tag,
  callers: [],
  body: ZClientRegistration,
  status: 201,
  response: ZClientInformation,
  errorBody: ZOAuthError,
  errors: [400, 429],
});

export const tokenOp = defineOperation({
  method: "POST",
  path: "/oauth/token",
  summary:
    "Token endpoint (RFC 6749): authorization_code (PKCE S256), refresh_token (rotating), client_credentials (integrations). " +
    "Form-encoded; clients authenticate with HTTP Basic, client_secret in the body, or (public clients) client_id alone",
  tag,
  callers: [],
  body: ZTokenRequest,
  formOnly: true,
  response: ZTokenResponse,
  errorBody: ZOAuthError,
  errors: [400, 401, 429],
});

export const revokeOp = defineOperation({
  method: "POST",
  path: "/oauth/revoke",
  summary: "Token revocation (RFC 7009): an access or refresh token revokes its whole grant; always 200 for a known client",
  tag,
  callers: [],
  body: ZRevocationRequest,
  formOnly: true,
  errorBody: ZOAuthError,
  errors: [400, 401, 429],
});
