/**
 * OAuth scopes (INTERFACE.md) and what each lets a token do. Pure: the route wrapper, the MCP
 * endpoint and the authorization server ask the same questions here.
 *
 * - `profile`: the signed-in user's own profile (never their personal access token).
 * - `accounts`: the list of accounts on that profile.
 * - `read`: reading an account's data (GET on account routes; read-only MCP tools).
 * - `write`: changing it (every other method; MCP tools that write).
 *
 * A token's rights are its scopes intersected with its user's permissions in the account: a
 * scope never grants what the user could not do, and the services check the user as always.
 */
export const scopes = ["profile", "accounts", "read", "write"] as const;
export type Scope = (typeof scopes)[number];

/** What a client gets when it asks for nothing. */
export const defaultScopes: readonly Scope[] = ["profile"];

export const isScope = (value: string): value is Scope => (scopes as readonly string[]).includes(value);

/** `scope` as sent (space-separated): the known scopes in canonical order, or null when one is unknown. */
export const parseScope = (raw: string | null | undefined): Scope[] | null => {
  const words = (raw ?? "").split(" ").filter((word) => word !== "");
  if (words.some((word) => !isScope(word))) return null;
  return scopes.filter((scope) => words.includes(scope));
};

export const formatScope = (granted: readonly Scope[]) => scopes.filter((scope) => granted.includes(scope)).join(" ");

/** The scope an account route needs for an HTTP method: reads need `read`, everything else `write`. */
export const scopeForMethod = (method: string): Scope => (method === "GET" || method === "HEAD" ? "read" : "write");

export const hasScope = (granted: readonly Scope[], needed: Scope) => granted.includes(needed);

/** Of what was asked, what a client may have: unknown words refuse the whole request (null). */
export const grantableScopes = (requested: string | null | undefined, allowed: readonly Scope[]): Scope[] | null => {
  const asked = parseScope(requested);
  if (asked === null) return null;
  const wanted = asked.length === 0 ? [...defaultScopes] : asked;
  return wanted.every((scope) => allowed.includes(scope)) ? wanted : null;
};
