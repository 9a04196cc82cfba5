/** Every failure the API can answer, and the status it is answered with. */
export const errorStatus = {
  bad_request: 400,
  invalid_json: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  invalid: 422,
  required: 422,
  taken: 422,
  invalid_transition: 422,
  rate_limited: 429,
  internal_error: 500,
  /** A service we depend on (file storage) failed; the cause is logged, never shown. */
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;
export type FieldError = { field: string; message: string; code: string };

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly errors: FieldError[];
  readonly headers: Record<string, string>;
  /** Further members of the error body, as data a client can act on (a 409's `conflicts`). */
  readonly details: Record<string, unknown>;

  constructor(
    code: ErrorCode,
    message: string,
    options: { errors?: FieldError[]; headers?: Record<string, string>; cause?: unknown; details?: Record<string, unknown> } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ApiError";
    this.code = code;
    this.errors = options.errors ?? [];
    this.headers = options.headers ?? {};
    this.details = options.details ?? {};
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

/** A 422 naming one field: the common case for rules zod cannot see (uniqueness, references). */
export const fieldError = (field: string, message: string, code: "invalid" | "required" | "taken" = "invalid") =>
  new ApiError(code, `${field} ${message}`, { errors: [{ field, message, code }] });

export const notFound = (what = "Resource") => new ApiError("not_found", `${what} could not be found`);

/**
 * The standard body (INTERFACE.md): `description` and `errors[]`, plus Chatwoot's `error`
 * string so existing Chatwoot clients show the same message.
 */
export const errorBody = (description: string, errors: FieldError[] = []) => ({ error: description, description, errors });

export const errorResponse = (error: ApiError) =>
  Response.json({ ...error.details, ...errorBody(error.message, error.errors) }, { status: error.status, headers: error.headers });
