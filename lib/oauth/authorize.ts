import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { accountUsers, accounts, oauthAuthorizationCodes } from "@/db/schema";
import { generateToken, tokenDigest } from "@/lib/auth/tokens";
import { ApiError, notFound } from "@/lib/http/errors";
import { textProblem } from "@/lib/http/input";
import { findClient, type OAuthClient } from "./clients";
import { OAuthError, type AuthorizationErrorCode } from "./errors";
import { isMetadataDocumentUrl, resolveMetadataDocumentClient } from "./metadata-document";
import { codeChallengePattern } from "./pkce";
import { isRegisteredRedirectUri, withResponseParameters } from "./redirect-uris";
import { grantableScopes, type Scope } from "./scopes";
import { apiResource, parseResource } from "./urls";

/*
 * The authorization endpoint (`GET /oauth/authorize`, app/oauth/authorize/page.tsx): checking
 * the request (RFC 6749 §4.1.1 with OAuth 2.1's mandatory PKCE, RFC 8707 resources), then the
 * signed-in user's answer on the consent page. A request whose client or redirect URI is wrong
 * is shown as an error and never redirected (the redirect URI cannot be trusted); any other
 * problem goes back to the client's redirect URI as `error=…&state=…&iss=…` (RFC 9207).
 */

/** Authorization codes live this long, and are single-use. */
export const codeLifetimeSeconds = 60;
const maxStateLength = 2000;

export const authorizationParameterNames = [
  "client_id",
  "redirect_uri",
  "response_type",
  "scope",
  "state",
  "code_challenge",
  "code_challenge_method",
  "resource",
] as const;
export type AuthorizationParameters = Partial<Record<(typeof authorizationParameterNames)[number], string>>;

export type AuthorizationRequest = {
  issuer: string;
  client: OAuthClient;
  redirectUri: string;
  scopes: Scope[];
  state: string | null;
  codeChallenge: string;
  /** RFC 8707: what the tokens will be for (their `aud`). */
  resource: string;
  /** The one account the user may pick: the MCP endpoint's the resource names, or an integration's own. */
  fixedAccountId: number | null;
  /** The request's parameters as received, for the consent form to send back. */
  parameters: AuthorizationParameters;
};

export type AuthorizationCheck =
  /** Shown to the user; the client is not told (its redirect URI is unknown or untrusted). */
  | { kind: "invalid"; message: string }
  /** Sent back to the client's redirect URI. */
  | {
      kind: "refused";
      error: AuthorizationErrorCode;
      message: string;
      redirectTo: string;
      /**
       * An integration an administrator registered: its errors go back without a stop. Anyone can
       * register a dynamic client or publish a metadata document, so those are shown to the user
       * first (RFC 9700 §4.11.1): else the authorize URL would be an open redirect to any site.
       */
      trusted: boolean;
    }
  | { kind: "valid"; request: AuthorizationRequest };

/** The redirect that carries an authorization error back to the client. */
export const errorRedirect = (issuer: string, redirectUri: string, state: string | null, error: AuthorizationErrorCode, message: string) =>
  withResponseParameters(redirectUri, { error, error_description: message, state, iss: issuer });

/** The query string's parameters: one value each (a repeated one is kept as a list, and refused below). */
export const authorizationParameters = (query: Record<string, string | string[] | undefined>) => {
  const parameters: AuthorizationParameters = {};
  const repeated: string[] = [];
  for (const name of authorizationParameterNames) {
    const value = query[name];
    if (Array.isArray(value)) repeated.push(name);
    else if (value !== undefined) parameters[name] = value;
  }
  return { parameters, repeated };
};

/** A registered client, or a metadata document client fetched (or taken from the cache). */
const resolveClient = async (db: DbOrTx, clientId: string): Promise<OAuthClient | string> => {
  try {
    if (isMetadataDocumentUrl(clientId)) return await resolveMetadataDocumentClient(db, clientId);
  } catch (error) {
    if (error instanceof OAuthError) return error.message;
    throw error;
  }
  return (await findClient(db, clientId)) ?? "This application is not registered with Venuedesk (unknown client_id).";
};

const firstProblem = (parameters: AuthorizationParameters, names: readonly string[]) =>
  names.find((name) => {
    const value = parameters[name as keyof AuthorizationParameters];
    return value !== undefined && textProblem(value) !== null;
  });

export const checkAuthorizationRequest = async (
  db: DbOrTx,
  issuer: string,
  query: Record<string, string | string[] | undefined>,
): Promise<AuthorizationCheck> => {
  const { parameters, repeated } = authorizationParameters(query);
  const invalid = (message: string): AuthorizationCheck => ({ kind: "invalid", message });
  if (repeated.includes("client_id") || repeated.includes("redirect_uri")) return invalid("The request repeats client_id or redirect_uri.");
  if (firstProblem(parameters, ["client_id", "redirect_uri"])) return invalid("The request's client_id or redirect_uri is not valid text.");
  if (!parameters.client_id) return invalid("The request names no application (client_id is missing).");
  const client = await resolveClient(db, parameters.client_id);
  if (typeof client === "string") return invalid(client);
  if (!parameters.redirect_uri) return invalid("The request has no redirect_uri, so there is nowhere to send the answer.");
  if (!isRegisteredRedirectUri(client.redirectUris, parameters.redirect_uri)) {
    return invalid("The redirect_uri is not one this application registered, so the answer cannot be sent there.");
  }

  const redirectUri = parameters.redirect_uri;
  const state = typeof parameters.state === "string" && textProblem(parameters.state) === null ? parameters.state : null;
  const refuse = (error: AuthorizationErrorCode, message: string): AuthorizationCheck => ({
    kind: "refused",
    error,
    message,
    redirectTo: errorRedirect(issuer, redirectUri, state, error, message),
    trusted: client.kind === "integration",
  });
  if (repeated.length > 0) return refuse("invalid_request", `The parameter ${repeated[0]} is repeated`);
  const unreadable = firstProblem(parameters, authorizationParameterNames);
  if (unreadable) return refuse("invalid_request", `${unreadable} is not valid text`);
  if (parameters.state !== undefined && parameters.state.length > maxStateLength) return refuse("invalid_request", `state is longer than ${maxStateLength} characters`);
  if (!parameters.response_type) return refuse("invalid_request", "response_type is required");
  if (parameters.response_type !== "code") return refuse("unsupported_response_type", "Only response_type=code is supported");
  if (!client.grantTypes.includes("authorization_code")) return refuse("unauthorized_client", "This client may not use the authorization code grant");
  if (!parameters.code_challenge) return refuse("invalid_request", "code_challenge is required (PKCE with S256)");
  if (parameters.code_challenge_method !== "S256") return refuse("invalid_request", "code_challenge_method must be S256");
  if (!codeChallengePattern.test(parameters.code_challenge)) return refuse("invalid_request", "code_challenge is malformed");

  const resource = parameters.resource === undefined ? { resource: apiResource(issuer), accountId: null } : parseResource(issuer, parameters.resource);
  if (!resource) return refuse("invalid_target", "resource is not this server's API or one of its MCP endpoints");
  const integrationAccount = client.kind === "integration" ? client.accountId : null;
  if (integrationAccount !== null && resource.accountId !== null && resource.accountId !== integrationAccount) {
    return refuse("invalid_target", "resource names an account this integration does not belong to");
  }
  const scopes = grantableScopes(parameters.scope, client.scopes as Scope[]);
  if (!scopes) return refuse("invalid_scope", `scope asks for more than this client may have (${client.scopes.join(" ")})`);

  return {
    kind: "valid",
    request: {
      issuer,
      client,
      redirectUri,
      scopes,
      state,
      codeChallenge: parameters.code_challenge,
      resource: resource.resource,
      fixedAccountId: resource.accountId ?? integrationAccount,
      parameters,
    },
  };
};

/** Whether the user belongs to the account (the consent page lists only those; approving checks again). */
/** The accounts a user may grant a client: those they are a member of, oldest first. */
export const accountsOfUser = (db: DbOrTx, userId: number) =>
  db
    .select({ id: accounts.id, name: accounts.name })
    .from(accountUsers)
    .innerJoin(accounts, eq(accounts.id, accountUsers.accountId))
    .where(eq(accountUsers.userId, userId))
    .orderBy(asc(accounts.id));

export const isMemberOf = async (db: DbOrTx, userId: number, accountId: number) => {
  const [membership] = await db
    .select({ id: accountUsers.id })
    .from(accountUsers)
    .where(and(eq(accountUsers.accountId, accountId), eq(accountUsers.userId, userId)))
    .limit(1);
  return Boolean(membership);
};

/**
 * The user allowed the request for one of their accounts: a single-use code (stored as its
 * digest, valid 60 seconds) and the redirect that hands it to the client, with `iss` (RFC 9207).
 */
export const approveAuthorization = async (
  db: DbOrTx,
  { user, accountId, request }: { user: { id: number }; accountId: number; request: AuthorizationRequest },
  now = new Date(),
) => {
  if (request.fixedAccountId !== null && request.fixedAccountId !== accountId) {
    throw new ApiError("forbidden", "This application asks for access to another account");
  }
  if (!(await isMemberOf(db, user.id, accountId))) throw notFound("Account");
  const code = generateToken();
  await db.insert(oauthAuthorizationCodes).values({
    codeDigest: tokenDigest(code),
    clientId: request.client.id,
    userId: user.id,
    accountId,
    redirectUri: request.redirectUri,
    codeChallenge: request.codeChallenge,
    scopes: request.scopes,
    resource: request.resource,
    expiresAt: new Date(now.getTime() + codeLifetimeSeconds * 1000),
  });
  return withResponseParameters(request.redirectUri, { code, state: request.state, iss: request.issuer });
};

/** The user said no: `access_denied` back to the client (RFC 6749 §4.1.2.1). */
export const denyAuthorization = (request: AuthorizationRequest) =>
  errorRedirect(request.issuer, request.redirectUri, request.state, "access_denied", "The user did not allow access");
