import { tokenEndpointAuthMethods } from "@/db/schema/oauth";
import { integrationGrantTypes } from "./schemas";
import { scopes } from "./scopes";
import { apiResource, mcpResource } from "./urls";

/*
 * The discovery documents: RFC 8414 authorization server metadata, and RFC 9728 protected
 * resource metadata for the whole API and for each account's MCP endpoint. MCP clients start from
 * the resource (the 401's `resource_metadata`), find the authorization server in it, then read
 * its metadata; every URL is built from the same issuer.
 */

export const authorizationServerMetadata = (issuer: string) => ({
  issuer,
  authorization_endpoint: `${issuer}/oauth/authorize`,
  token_endpoint: `${issuer}/oauth/token`,
  registration_endpoint: `${issuer}/oauth/register`,
  revocation_endpoint: `${issuer}/oauth/revoke`,
  jwks_uri: `${issuer}/.well-known/jwks.json`,
  response_types_supported: ["code"],
  response_modes_supported: ["query"],
  grant_types_supported: [...integrationGrantTypes],
  code_challenge_methods_supported: ["S256"],
  token_endpoint_auth_methods_supported: [...tokenEndpointAuthMethods],
  revocation_endpoint_auth_methods_supported: [...tokenEndpointAuthMethods],
  scopes_supported: [...scopes],
  authorization_response_iss_parameter_supported: true,
  client_id_metadata_document_supported: true,
  service_documentation: `${issuer}/api-docs`,
});

/** For the whole API (`accountId` absent) or one account's MCP endpoint; any well-formed id gets an answer. */
export const protectedResourceMetadata = (issuer: string, accountId?: number) => ({
  resource: accountId === undefined ? apiResource(issuer) : mcpResource(issuer, accountId),
  authorization_servers: [issuer],
  scopes_supported: [...scopes],
  bearer_methods_supported: ["header"],
  resource_name: accountId === undefined ? "Venuedesk API" : "Venuedesk MCP",
  resource_documentation: `${issuer}/api-docs`,
});
