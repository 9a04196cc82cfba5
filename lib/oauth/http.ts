import type { z } from "zod";
import { ApiError } from "@/lib/http/errors";
import { cleanInput } from "@/lib/http/input";
import { readBodyText } from "@/lib/http/request";
import { getDb } from "@/db/client";
import { addressKey, requestIp } from "@/lib/http/client-ip";
import { takeHits, type RateRule } from "@/lib/http/rate-limit";
import type { Operation } from "@/lib/http/operation";
import { parseRequest, run, type Input, type RouteHandler } from "@/lib/http/route";
import { zodFieldErrors } from "@/lib/http/validation";
import { grantSchemas, type TokenRequest } from "./schemas";
import { noStore, OAuthError, oauthErrorBody, oauthErrorResponse, type OAuthErrorCode } from "./errors";

/*
 * The request layer of the authorization server's endpoints (app/oauth/*, app/.well-known/*).
 * They answer OAuth's error shapes rather than the API's, take form-encoded or RFC 7591 JSON
 * bodies, and are called by programs in other origins (browser-based MCP clients among them):
 * CORS allows any origin, which is safe because nothing here reads cookies.
 */

const cors = { "Access-Control-Allow-Origin": "*" } as const;

/** The CORS preflight of every endpoint here. */
export const preflight: RouteHandler = async () =>
  new Response(null, {
    status: 204,
    headers: {
      ...cors,
      "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
      "Access-Control-Allow-Headers": "Authorization, Content-Type, MCP-Protocol-Version",
      "Access-Control-Max-Age": "86400",
    },
  });

/** Refusals of the request layer (a body too large, a rate limit) in the OAuth shape, with their status and headers. */
const fromApiError = (error: ApiError) =>
  Response.json(oauthErrorBody(error.code === "not_found" ? "not_found" : "invalid_request", error.message, error.errors), {
    status: error.status,
    headers: { ...noStore, ...error.headers },
  });

type Options = {
  /** Discovery documents may be cached a while; everything else is `no-store`. */
  cacheSeconds?: number;
};

/** Runs an endpoint: OAuth errors in their shape, the unexpected logged and answered 500 (lib/http/route.ts `run`). */
export const oauthRoute =
  (handler: (request: Request, params: Record<string, unknown>) => Promise<Response | object>, options: Options = {}): RouteHandler =>
  (request, context) =>
    run(request, async () => {
      let response: Response;
      try {
        const result = await handler(request, await context.params);
        response = result instanceof Response ? result : Response.json(result);
        if (options.cacheSeconds && response.ok) response.headers.set("Cache-Control", `public, max-age=${options.cacheSeconds}`);
      } catch (error) {
        if (error instanceof OAuthError) response = oauthErrorResponse(error);
        else if (error instanceof ApiError && error.status < 500) response = fromApiError(error);
        else throw error;
      }
      for (const [name, value] of Object.entries(cors)) response.headers.set(name, value);
      return response;
    });

const noOperation = { method: "GET", path: "", summary: "", tag: "", callers: [] } as const satisfies Operation;

/** Discovery documents (GET, cacheable for five minutes); the operation's params parsed first (malformed → 404). */
export const discoveryRoute = <O extends Operation = typeof noOperation>(handler: (request: Request, input: Input<O>) => Promise<object>, operation?: O): RouteHandler =>
  oauthRoute(async (request, params) => handler(request, await parseRequest(request, operation ?? (noOperation as unknown as O), params)), { cacheSeconds: 300 });

/**
 * Parses cleaned input with a schema, answering a refusal with `code` (invalid_request at the
 * token endpoint, invalid_client_metadata at registration) naming each field.
 */
export const parseOAuthInput = <S extends z.ZodType>(schema: S, raw: unknown, code: OAuthErrorCode, fieldCode?: (field: string) => OAuthErrorCode): z.output<S> => {
  const cleaned = cleanInput(raw);
  const first = cleaned.errors[0];
  if (first) throw new OAuthError(code, `${first.field} ${first.message}`, { field: first.field });
  const result = schema.safeParse(cleaned.value, { reportInput: true });
  if (result.success) return result.data;
  const issue = zodFieldErrors(result.error.issues)[0]!;
  throw new OAuthError(fieldCode?.(issue.field) ?? code, `${issue.field} ${issue.message}`, { field: issue.field });
};

/**
 * A form-encoded body (RFC 6749 §3.2) as one value per name: a repeated parameter is refused,
 * and so is any other content type.
 */
export const readFormParameters = async (request: Request): Promise<Record<string, string>> => {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") {
    throw new OAuthError("invalid_request", "Send the parameters form-encoded (Content-Type: application/x-www-form-urlencoded)");
  }
  const parameters: Record<string, string> = Object.create(null);
  for (const [name, value] of new URLSearchParams(await readBodyText(request))) {
    if (name in parameters) throw new OAuthError("invalid_request", `The parameter ${name} is repeated`, { field: name });
    parameters[name] = value;
  }
  return parameters;
};

/** A token request: its grant_type first (missing → invalid_request, unknown → unsupported_grant_type), then that grant's parameters. */
export const readTokenRequest = async (request: Request): Promise<TokenRequest> => {
  const parameters = await readFormParameters(request);
  const grantType = parameters.grant_type;
  if (!grantType) throw new OAuthError("invalid_request", "grant_type is required", { field: "grant_type" });
  if (!Object.hasOwn(grantSchemas, grantType)) {
    throw new OAuthError("unsupported_grant_type", "grant_type must be authorization_code, refresh_token or client_credentials", { field: "grant_type" });
  }
  return parseOAuthInput(grantSchemas[grantType as keyof typeof grantSchemas], parameters, "invalid_request");
};

/** A JSON object body (RFC 7591 registration). */
export const readJsonObject = async (request: Request, code: OAuthErrorCode): Promise<unknown> => {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "" && !type.includes("json")) throw new OAuthError(code, "Send the client metadata as JSON (Content-Type: application/json)");
  const text = await readBodyText(request);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new OAuthError(code, "The request body is not valid JSON");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new OAuthError(code, "The request body must be a JSON object");
  return value;
};

/** Counts the request against a per-address rule (registration, the token endpoint); 429 past it. */
export const limitByAddress = async (request: Request, rule: RateRule) => {
  const ip = requestIp(request.headers);
  if (ip) await takeHits(getDb(), [{ rule, key: addressKey(ip) }], ip);
};

/** A token endpoint answer (RFC 6749 §5.1): never cached. */
export const tokenResponse = (body: object, status = 200) => Response.json(body, { status, headers: noStore });
