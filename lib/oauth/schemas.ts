import { z } from "zod";
import { tokenEndpointAuthMethods } from "@/db/schema/oauth";
import { redirectUriProblem } from "./redirect-uris";
import { parseScope, scopes } from "./scopes";

/*
 * The authorization server's request and response bodies, as zod schemas: they validate the
 * requests and describe them in /api/v1/openapi.json (lib/oauth/operations.ts).
 */

/** One form parameter of the token and revocation endpoints: present, and of a sane length. */
const ZParam = z.string().min(1, { message: "can't be blank" }).max(4096);

export const ZRedirectUri = z.string().superRefine((value, ctx) => {
  const problem = redirectUriProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

const ZHttpsUrl = z
  .string()
  .max(2000)
  .refine((value) => URL.canParse(value) && new URL(value).protocol === "https:", { message: "must be an https URL" });

const ZScopeList = z
  .string()
  .max(200)
  .refine((value) => parseScope(value) !== null, { message: `must list scopes among ${scopes.join(", ")}, separated by spaces` });

export const dynamicGrantTypes = ["authorization_code", "refresh_token"] as const;
export const integrationGrantTypes = ["authorization_code", "refresh_token", "client_credentials"] as const;
export type GrantType = (typeof integrationGrantTypes)[number];

/** RFC 7591 client metadata, as far as this server uses it (other members are ignored, as the RFC asks). */
export const ZClientRegistration = z
  .object({
    redirect_uris: z.array(ZRedirectUri).min(1, { message: "must list at least one redirect URI" }).max(10),
    client_name: z.string().trim().min(1, { message: "can't be blank" }).max(200).optional(),
    grant_types: z
      .array(z.enum(dynamicGrantTypes, { message: "must be authorization_code or refresh_token (client_credentials is for integrations an administrator registers)" }))
      .min(1)
      .max(2)
      .optional(),
    response_types: z.array(z.literal("code", { message: "must be code" })).min(1).max(1).optional(),
    token_endpoint_auth_method: z
      .enum(tokenEndpointAuthMethods, { message: "must be none, client_secret_basic or client_secret_post" })
      .optional()
      .meta({ description: "Defaults to client_secret_basic (RFC 7591); public clients (apps on the user's device) send none" }),
    scope: ZScopeList.optional().meta({ description: "The scopes the client may ask for; all of them when absent" }),
    client_uri: ZHttpsUrl.optional(),
    logo_uri: ZHttpsUrl.optional(),
    software_id: z.string().max(200).optional(),
    software_version: z.string().max(100).optional(),
  })
  .refine((value) => !value.grant_types || value.grant_types.includes("authorization_code"), {
    path: ["grant_types"],
    message: "must include authorization_code (refresh tokens come with it)",
  })
  .meta({ id: "OAuthClientRegistration" });
export type ClientRegistration = z.output<typeof ZClientRegistration>;

export const ZClientInformation = z
  .object({
    client_id: z.string(),
    client_id_issued_at: z.number().int(),
    client_secret: z.string().optional().meta({ description: "Shown once; confidential clients only" }),
    client_secret_expires_at: z.literal(0).optional().meta({ description: "0: the secret does not expire" }),
    client_name: z.string(),
    redirect_uris: z.array(z.string()),
    grant_types: z.array(z.string()),
    response_types: z.array(z.literal("code")),
    token_endpoint_auth_method: z.enum(tokenEndpointAuthMethods),
    scope: z.string(),
    client_uri: z.string().optional(),
    logo_uri: z.string().optional(),
  })
  .meta({ id: "OAuthClientInformation" });

const clientCredentials = {
  client_id: ZParam.optional().meta({ description: "Public clients and client_secret_post: the client's id" }),
  client_secret: ZParam.optional().meta({ description: "client_secret_post only (or send HTTP Basic authentication)" }),
};

export const ZAuthorizationCodeGrant = z.object({
  grant_type: z.literal("authorization_code"),
  code: ZParam,
  redirect_uri: ZParam,
  code_verifier: ZParam.meta({ description: "PKCE (S256): the verifier whose challenge the authorization request sent" }),
  resource: ZParam.optional().meta({ description: "RFC 8707; must be the one the authorization request named" }),
  ...clientCredentials,
});

export const ZRefreshTokenGrant = z.object({
  grant_type: z.literal("refresh_token"),
  refresh_token: ZParam,
  scope: ZScopeList.optional().meta({ description: "A narrower scope than the grant's" }),
  resource: ZParam.optional(),
  ...clientCredentials,
});

export const ZClientCredentialsGrant = z.object({
  grant_type: z.literal("client_credentials"),
  scope: ZScopeList.optional().meta({ description: "Among the integration's scopes; all of them when absent" }),
  resource: ZParam.optional(),
  ...clientCredentials,
});

export const ZTokenRequest = z
  .discriminatedUnion("grant_type", [ZAuthorizationCodeGrant, ZRefreshTokenGrant, ZClientCredentialsGrant])
  .meta({ id: "OAuthTokenRequest" });
export type TokenRequest = z.output<typeof ZTokenRequest>;

export const grantSchemas = {
  authorization_code: ZAuthorizationCodeGrant,
  refresh_token: ZRefreshTokenGrant,
  client_credentials: ZClientCredentialsGrant,
} as const;

export const ZTokenResponse = z
  .object({
    access_token: z.string().meta({ description: "An RFC 9068 JWT (typ at+jwt), valid 2 hours" }),
    token_type: z.literal("Bearer"),
    expires_in: z.number().int(),
    refresh_token: z.string().optional().meta({ description: "Rotated on every use; a used one presented again revokes the grant" }),
    scope: z.string(),
  })
  .meta({ id: "OAuthTokenResponse" });

export const ZRevocationRequest = z
  .object({
    token: ZParam,
    token_type_hint: z.string().max(100).optional().meta({ description: "access_token or refresh_token (a hint only)" }),
    ...clientCredentials,
  })
  .meta({ id: "OAuthRevocationRequest" });

export const ZOAuthError = z
  .object({
    error: z.string().meta({ description: "The OAuth error code (invalid_request, invalid_client, invalid_grant, …)" }),
    error_description: z.string(),
    description: z.string().meta({ description: "Same text as error_description (the API's standard error body)" }),
    errors: z.array(z.object({ field: z.string(), message: z.string(), code: z.string() })),
  })
  .meta({ id: "OAuthError" });

export const ZAuthorizationServerMetadata = z
  .object({
    issuer: z.string(),
    authorization_endpoint: z.string(),
    token_endpoint: z.string(),
    registration_endpoint: z.string(),
    revocation_endpoint: z.string(),
    jwks_uri: z.string(),
    response_types_supported: z.array(z.string()),
    response_modes_supported: z.array(z.string()),
    grant_types_supported: z.array(z.string()),
    code_challenge_methods_supported: z.array(z.string()),
    token_endpoint_auth_methods_supported: z.array(z.string()),
    revocation_endpoint_auth_methods_supported: z.array(z.string()),
    scopes_supported: z.array(z.string()),
    authorization_response_iss_parameter_supported: z.boolean(),
    client_id_metadata_document_supported: z.boolean(),
    service_documentation: z.string(),
  })
  .meta({ id: "OAuthAuthorizationServerMetadata" });

export const ZProtectedResourceMetadata = z
  .object({
    resource: z.string(),
    authorization_servers: z.array(z.string()),
    scopes_supported: z.array(z.string()),
    bearer_methods_supported: z.array(z.string()),
    resource_name: z.string(),
    resource_documentation: z.string(),
  })
  .meta({ id: "OAuthProtectedResourceMetadata" });

export const ZJwks = z
  .object({ keys: z.array(z.record(z.string(), z.unknown()).meta({ description: "A public JWK with kid, alg (ES256) and use (sig)" })) })
  .meta({ id: "JsonWebKeySet" });

/** An integration an administrator registers (Settings → Integrations). */
export const ZCreateIntegration = z
  .object({
    name: z.string().trim().min(1, { message: "can't be blank" }).max(200),
    redirect_uris: z.array(ZRedirectUri).max(10).default([]),
    scopes: z.array(z.enum(scopes)).min(1, { message: "must include at least one scope" }),
    grant_types: z.array(z.enum(integrationGrantTypes)).min(1, { message: "must include at least one grant type" }),
  })
  .superRefine((value, ctx) => {
    if (value.grant_types.includes("authorization_code") && value.redirect_uris.length === 0) {
      ctx.addIssue({ code: "custom", path: ["redirect_uris"], message: "must list at least one redirect URI for the authorization code grant" });
    }
    if (value.grant_types.includes("refresh_token") && !value.grant_types.includes("authorization_code")) {
      ctx.addIssue({ code: "custom", path: ["grant_types"], message: "can include refresh_token only with authorization_code" });
    }
  });
export type CreateIntegration = z.input<typeof ZCreateIntegration>;
