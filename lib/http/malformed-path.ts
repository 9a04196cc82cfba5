import { responseKind } from "./security-headers";
import { errorBody } from "./errors";

/**
 * Whether a request target's path (before `?` or `#`) has a %-escape that does not decode: a
 * stray `%`, or bytes that are not UTF-8 (`%FF`, an encoded lone surrogate such as `%ED%A0%80`).
 * Next.js answers such a path on any dynamic route with a bare 500 and logs nothing; no route of
 * ours can be named that way, so the server (scripts/server.ts) answers it 400 first.
 */
export const malformedPath = (url: string | undefined): boolean => {
  if (!url?.includes("%")) return false;
  const end = url.search(/[?#]/);
  try {
    decodeURIComponent(end < 0 ? url : url.slice(0, end));
    return false;
  } catch {
    return true;
  }
};

/** The 400 for a malformed path: the API's standard error body on API paths, plain words elsewhere. */
export const malformedPathAnswer = (path: string): { contentType: string; body: string } =>
  responseKind(path) === "api"
    ? { contentType: "application/json", body: JSON.stringify(errorBody("The request path is not valid percent-encoded UTF-8")) }
    : { contentType: "text/plain; charset=utf-8", body: "Bad request: the address is not valid percent-encoded UTF-8." };
