import type { FieldError } from "@/lib/http/errors";

/*
 * The authorization server's errors in the forms its clients read: RFC 6749 §5.2 (token
 * endpoint), RFC 7591 §3.2.2 (registration), RFC 7009 (revocation), RFC 8707 (`invalid_target`).
 * Each body also carries the API's standard fields (`description`, `errors[]`), so a client of
 * the Application API reads it the same way as every other error:
 *
 *   { "error": "invalid_grant", "error_description": "…", "description": "…", "errors": [{field, message, code}] }
 */

export const oauthErrorStatus = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unauthorized_client: 400,
  unsupported_grant_type: 400,
  invalid_scope: 400,
  invalid_target: 400,
  unsupported_token_type: 400,
  invalid_redirect_uri: 400,
  invalid_client_metadata: 400,
} as const;

export type OAuthErrorCode = keyof typeof oauthErrorStatus;

/** Authorization-response errors (RFC 6749 §4.1.2.1), sent back to the client's redirect URI. */
export type AuthorizationErrorCode =
  | "invalid_request"
  | "unauthorized_client"
  | "access_denied"
  | "unsupported_response_type"
  | "invalid_scope"
  | "invalid_target"
  | "server_error";

export class OAuthError extends Error {
  readonly code: OAuthErrorCode;
  readonly field: string | null;
  readonly headers: Record<string, string>;

  constructor(code: OAuthErrorCode, message: string, options: { field?: string; headers?: Record<string, string> } = {}) {
    super(message);
    this.name = "OAuthError";
    this.code = code;
    this.field = options.field ?? null;
    this.headers = options.headers ?? {};
  }

  get status(): number {
    return oauthErrorStatus[this.code];
  }
}

/** The body of an OAuth error, with the standard fields beside RFC 6749's. */
export const oauthErrorBody = (code: string, description: string, errors: FieldError[] = []) => ({
  error: code,
  error_description: description,
  description,
  errors,
});

/** Token and registration answers are never cached (RFC 6749 §5.1). */
export const noStore = { "Cache-Control": "no-store", Pragma: "no-cache" } as const;

export const oauthErrorResponse = (error: OAuthError) =>
  Response.json(oauthErrorBody(error.code, error.message, error.field ? [{ field: error.field, message: error.message, code: error.code }] : []), {
    status: error.status,
    headers: { ...noStore, ...error.headers },
  });
