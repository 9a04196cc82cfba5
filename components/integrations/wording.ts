import { scopeWording } from "@/lib/oauth/consent";
import type { GrantType } from "@/lib/oauth/schemas";
import { scopes, type Scope } from "@/lib/oauth/scopes";

/*
 * Scopes and grant types in plain words, for the integration form and lists. Scopes say what the
 * consent page says, so an administrator reads what the people asked will read.
 */

export const scopeChoices = scopes.map((scope) => ({ value: scope, ...scopeWording[scope] }));

export const scopeTitle = (scope: string) => scopeWording[scope as Scope]?.title ?? scope;

export const grantTypeWording: Record<GrantType, { title: string; detail: string }> = {
  client_credentials: {
    title: "Your own program (client credentials)",
    detail: "A script or server signs in with the client ID and secret, with no browser, and acts as you: the administrator who registers it.",
  },
  authorization_code: {
    title: "People sign in and approve (authorization code)",
    detail: "The app sends people to Venuedesk to approve it, then acts as each of them, never with more rights than they have. Needs a redirect URI.",
  },
  refresh_token: {
    title: "Stay connected (refresh tokens)",
    detail: "With authorization code: the app keeps working after its 2-hour access token ends, without asking people again.",
  },
};

/** The usual case first: an integration is most often a program of the account's own. */
const grantTypeOrder: readonly GrantType[] = ["client_credentials", "authorization_code", "refresh_token"];

export const grantTypeChoices = grantTypeOrder.map((grantType) => ({ value: grantType, ...grantTypeWording[grantType] }));

const grantTypeShort: Record<GrantType, string> = {
  client_credentials: "Client credentials",
  authorization_code: "Authorization code",
  refresh_token: "Refresh tokens",
};

/** "Client credentials, Authorization code": in the form's order, whatever the stored one. */
export const grantTypeNames = (grantTypes: readonly string[]) =>
  [...grantTypes]
    .sort((a, b) => grantTypeOrder.indexOf(a as GrantType) - grantTypeOrder.indexOf(b as GrantType))
    .map((grantType) => grantTypeShort[grantType as GrantType] ?? grantType)
    .join(", ");
