import { redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { sessionCaller } from "@/lib/auth/session";
import { accountsOfUser, checkAuthorizationRequest, type AuthorizationParameters } from "@/lib/oauth/authorize";
import { hostOf, scopeWording } from "@/lib/oauth/consent";
import { pageBaseUrl } from "@/lib/portal/context";

/*
 * The consent page's data (`GET /oauth/authorize`): the signed-in user (signed out → the sign-in
 * page, which comes back here), the checked request, and the accounts the user may grant it.
 */


type Query = Record<string, string | string[] | undefined>;

const thisPage = (query: Query) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) for (const item of [value ?? []].flat()) search.append(name, item);
  return `/oauth/authorize?${search}`;
};

export type ConsentAccount = { id: number; name: string };

export type ConsentView =
  /** `returnTo`: the error redirect to an untrusted client, followed only when the user chooses to. */
  | { kind: "invalid"; message: string; returnTo?: { url: string; host: string } }
  | {
      kind: "consent";
      user: { name: string; email: string };
      client: {
        name: string;
        kind: "integration" | "dynamic" | "metadata_document";
        /** Where the client says it lives (client_uri's host); unverified, so not shown for metadata document clients. */
        site: string | null;
        /** The metadata document's host: the domain that vouches for the client. */
        verifiedHost: string | null;
      };
      redirectHost: string;
      scopes: { scope: string; title: string; detail: string }[];
      /** The accounts the user may choose from (one when the request names it). */
      accounts: ConsentAccount[];
      /** The request names an account (an MCP endpoint, an integration's) that the user is not a member of. */
      missingAccountId: number | null;
      parameters: AuthorizationParameters;
    };

export const loadAuthorization = async (query: Query): Promise<ConsentView> => {
  const caller = await sessionCaller();
  if (!caller) redirect(`/login?${new URLSearchParams({ callbackUrl: thisPage(query) })}`);
  const db = getDb();
  // The issuer as the discovery documents name it: the page's public address.
  const check = await checkAuthorizationRequest(db, await pageBaseUrl(), query);
  if (check.kind === "invalid") return { kind: "invalid", message: check.message };
  if (check.kind === "refused") {
    if (check.trusted) redirect(check.redirectTo);
    return { kind: "invalid", message: check.message, returnTo: { url: check.redirectTo, host: hostOf(check.redirectTo) ?? check.redirectTo } };
  }
  const { request } = check;
  const memberships = await accountsOfUser(db, caller.user.id);
  const fixed = request.fixedAccountId;
  const choices = fixed === null ? memberships : memberships.filter((account) => account.id === fixed);
  const { client } = request;
  const verifiedHost = client.kind === "metadata_document" ? hostOf(client.clientId) : null;
  return {
    kind: "consent",
    user: { name: caller.user.displayName ?? caller.user.name, email: caller.user.email },
    // A metadata document may claim any client_uri: such a client is shown by its own (verified) domain only.
    client: { name: client.name, kind: client.kind, site: client.kind === "metadata_document" ? null : hostOf(client.clientUri), verifiedHost },
    redirectHost: hostOf(request.redirectUri) ?? request.redirectUri,
    scopes: request.scopes.map((scope) => ({ scope, ...scopeWording[scope] })),
    accounts: choices,
    missingAccountId: fixed !== null && choices.length === 0 ? fixed : null,
    parameters: request.parameters,
  };
};
