import type { z } from "zod";
import type { CallerKind } from "@/lib/auth/caller";

export const methods = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type Method = (typeof methods)[number];

/**
 * One API operation: its route, who may call it, and the zod schemas that both validate the
 * request and describe it in /api/v1/openapi.json. Route files pass these to the wrapper, so
 * the document cannot drift from what the handlers accept.
 */
export type Operation = {
  method: Method;
  /** OpenAPI-style path: `/api/v1/accounts/{account_id}/agents/{id}`. */
  path: string;
  summary: string;
  tag: string;
  callers: readonly CallerKind[];
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Chatwoot's Rails `wrap_parameters`: a body may be sent bare or wrapped under this key. */
  bodyKey?: string;
  /** Top-level keys read beside the wrapper (an event's `allocations` next to `event`). */
  bodySiblings?: readonly string[];
  /** Also accept application/x-www-form-urlencoded (account update). */
  form?: boolean;
  /** Also accept multipart/form-data: text fields as form keys, files under `attachments[]`. */
  multipart?: boolean;
  /** Only application/x-www-form-urlencoded, no JSON (the OAuth token and revocation endpoints, RFC 6749). */
  formOnly?: boolean;
  /** The success body; omitted means an empty body. */
  response?: z.ZodType;
  status?: 200 | 201 | 204;
  /** Error statuses worth listing in the document besides 401 and 422. */
  errors?: readonly number[];
  /** The error body, when it is not the standard one (OAuth's `error`/`error_description`, with the standard fields beside). */
  errorBody?: z.ZodType;
};

const registry: Operation[] = [];

export const defineOperation = <const O extends Operation>(operation: O): O => {
  registry.push(operation);
  return operation;
};

export const registeredOperations = (): readonly Operation[] => registry;
