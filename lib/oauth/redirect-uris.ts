/*
 * Redirect URIs (OAuth 2.1 §2.3.1, RFC 8252 §7.3): where authorization codes are sent. Pure.
 * A registered URI is https, or plain http on a loopback address (native apps listening on the
 * user's own machine); never with a fragment or credentials. An authorization request must name
 * one of the client's registered URIs exactly, character for character.
 */

const loopbackHosts = new Set(["127.0.0.1", "[::1]", "localhost"]);

export const maxRedirectUriLength = 2000;

/** Why a redirect URI cannot be registered, or null when it can. */
export const redirectUriProblem = (raw: string): string | null => {
  if (raw.length > maxRedirectUriLength) return `must be at most ${maxRedirectUriLength} characters`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "must be an absolute URL";
  }
  if (raw.includes("#")) return "must not contain a fragment";
  if (url.username || url.password) return "must not contain credentials";
  if (url.protocol === "https:") return url.hostname === "" ? "must name a host" : null;
  if (url.protocol === "http:") return loopbackHosts.has(url.hostname) ? null : "must use https (plain http only on 127.0.0.1, [::1] or localhost)";
  return "must use https (plain http only on 127.0.0.1, [::1] or localhost)";
};

export const isAllowedRedirectUri = (raw: string) => redirectUriProblem(raw) === null;

/** Exact match against the registered ones: no normalisation, no prefix matching. */
export const isRegisteredRedirectUri = (registered: readonly string[], requested: string) => registered.includes(requested);

/** The redirect URI with response parameters added to whatever query it already has. */
export const withResponseParameters = (redirectUri: string, parameters: Record<string, string | null | undefined>) => {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(parameters)) if (value !== null && value !== undefined) url.searchParams.append(name, value);
  return url.toString();
};
