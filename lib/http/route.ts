import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { getDb } from "@/db/client";
import {
  accountCallerFromToken,
  callerFromToken,
  type AccountCtx,
  type BotCaller,
  type Caller,
  type Ctx,
  type PlatformCaller,
  type UserCaller,
} from "@/lib/auth/caller";
import { bearerAccountContext, bearerToken, bearerUserCaller } from "@/lib/auth/bearer";
import { acceptedAudiences, issuerOf } from "@/lib/oauth/urls";
import { scopeForMethod } from "@/lib/oauth/scopes";
import { describeError, log, logFailure, postgresError } from "@/lib/log";
import { ApiError, errorBody, errorResponse, notFound } from "./errors";
import { methods, type Method, type Operation } from "./operation";
import { maxUploadBytes } from "@/lib/storage/uploads";
import { parseFormBody, parseJsonText, parseQuery, readBodyText } from "./request";
import { requestIp } from "./client-ip";
import { cleanInput } from "./input";
import { maxRecordId } from "./schemas";
import { requestHits, takeHits } from "./rate-limit";
import { parseInput } from "./validation";

type NextContext = { params: Promise<Record<string, string | string[] | undefined>> };
export type RouteHandler = (request: Request, context: NextContext) => Promise<Response>;

type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;
export type Input<O extends Operation> = { body: Infer<O["body"]>; query: Infer<O["query"]>; params: Infer<O["params"]>; request: Request };

type CallersOf<O extends Operation> = Extract<Caller, { kind: O["callers"][number] }>;

const botRefused = () => new ApiError("unauthorized", "Access to this endpoint is not authorized for bots");
const platformRefused = () => new ApiError("unauthorized", "Platform app tokens are only accepted on /platform/api/v1");
const userOnPlatform = () => new ApiError("unauthorized", "Invalid access_token");

const readToken = (request: Request) => request.headers.get("api_access_token") ?? request.headers.get("api-access-token");

const signInFirst = (operation: Operation) =>
  new ApiError("unauthorized", operation.callers.includes("platform_app") ? "Invalid access_token" : "You need to sign in or sign up before continuing.");

const requireToken = (request: Request, operation: Operation) => {
  const token = readToken(request);
  if (!token) throw signInFirst(operation);
  return token;
};

/**
 * The request's credential: the `api_access_token` header, else an OAuth Bearer JWT (on routes
 * users may call). With neither, the route's usual 401.
 */
type Credential = { kind: "token"; token: string } | { kind: "bearer"; jwt: string };
const requireCredential = (request: Request, operation: Operation): Credential => {
  const token = readToken(request);
  if (token) return { kind: "token", token };
  const jwt = operation.callers.includes("user") ? bearerToken(request) : null;
  if (jwt) return { kind: "bearer", jwt };
  throw signInFirst(operation);
};

/** Refuses token kinds the operation does not take (always 401). */
const admitter =
  <C extends Caller>(operation: Operation) =>
  (caller: Caller): C => {
    if (operation.callers.includes(caller.kind)) return caller as C;
    if (caller.kind === "agent_bot") throw botRefused();
    if (caller.kind === "platform_app") throw platformRefused();
    throw userOnPlatform();
  };

/** Resolves the caller and refuses token kinds the operation does not take. */
const resolveCaller = async (request: Request, operation: Operation): Promise<Caller> =>
  admitter(operation)(await callerFromToken(getDb(), requireToken(request, operation)));

/** Multipart: text fields as Rails-style form keys, every file under `attachments`. */
const readMultipart = async (request: Request) => {
  if (Number(request.headers.get("content-length") ?? "0") > maxUploadBytes() * 10) {
    throw new ApiError("payload_too_large", "Request body is too large");
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new ApiError("bad_request", "The multipart body could not be read");
  }
  const fields = new URLSearchParams();
  const files: File[] = [];
  for (const [key, value] of form) {
    if (typeof value === "string") fields.append(key, value);
    else files.push(value);
  }
  const body: Record<string, unknown> = parseFormBody(fields.toString());
  return files.length > 0 ? { ...body, attachments: files } : body;
};

const readBody = async (request: Request, operation: Operation): Promise<unknown> => {
  if (!operation.body) return undefined;
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("multipart/form-data")) {
    if (!operation.multipart) throw new ApiError("unsupported_media_type", "This route takes no file uploads; send JSON");
    const raw = await readMultipart(request);
    return parseInput(operation.body, operation.bodyKey && isObject(raw[operation.bodyKey]) ? raw[operation.bodyKey] : raw);
  }
  const text = await readBodyText(request);
  let raw: unknown = {};
  if (text.trim() !== "") {
    if (type.includes("application/x-www-form-urlencoded")) {
      if (!operation.form) throw new ApiError("unsupported_media_type", "Send a JSON body (Content-Type: application/json)");
      raw = parseFormBody(text);
    } else if (type === "" || type.includes("json")) {
      raw = parseJsonText(text);
    } else {
      throw new ApiError("unsupported_media_type", `Unsupported Content-Type ${type.split(";")[0]}`);
    }
  }
  const wrapped = operation.bodyKey && isObject(raw) ? raw[operation.bodyKey] : undefined;
  if (!isObject(wrapped)) return parseInput(operation.body, raw);
  const siblings = Object.fromEntries((operation.bodySiblings ?? []).filter((key) => isObject(raw) && key in raw).map((key) => [key, (raw as Record<string, unknown>)[key]]));
  return parseInput(operation.body, { ...siblings, ...wrapped });
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

export const present = (result: unknown, operation: Operation): Response => {
  if (result instanceof Response) return result;
  const status = operation.status ?? 200;
  if (result === undefined || status === 204) return new Response(null, { status });
  return Response.json(result, { status });
};

/** Maps anything thrown to the standard body; the unexpected is logged and revealed to no one. */
export const toErrorResponse = (error: unknown, requestId: string): Response => {
  if (error instanceof ApiError) {
    if (error.status >= 500) logFailure({ requestId, where: "request" }, error.cause ?? error);
    return errorResponse(error);
  }
  const pg = postgresError(error);
  if (pg?.code === "23505" || pg?.code === "23P01") return errorResponse(new ApiError("conflict", "The record conflicts with an existing one"));
  if (pg?.code === "23503") return errorResponse(new ApiError("invalid", "A referenced record does not exist"));
  if (typeof pg?.code === "string" && pg.code.startsWith("22")) {
    // A value the database refused (out of range, unstorable text) that validation let through:
    // the client's fault all the same, but logged so the missing validation gets written.
    log().warn({ requestId, err: describeError(error) }, "a value reached the database that validation should have refused");
    return errorResponse(new ApiError("invalid", "A value could not be stored"));
  }
  logFailure({ requestId, where: "request" }, error);
  return Response.json(errorBody(`Internal server error (request ${requestId})`), { status: 500 });
};

/** Runs a handler with a request id, turning anything thrown into the standard error response. */
export const run = async (request: Request, work: () => Promise<Response>): Promise<Response> => {
  const requestId = request.headers.get("x-request-id") ?? randomUUID();
  const started = performance.now();
  const response = await work().catch((error: unknown) => toErrorResponse(error, requestId));
  response.headers.set("x-request-id", requestId);
  // API answers carry tokens, secrets and customers' data: no cache keeps them.
  if (!response.headers.has("cache-control")) response.headers.set("cache-control", "no-store");
  // The handler's own time (auth, queries, presenting), for operators' dashboards and the benchmarks.
  response.headers.set("server-timing", `app;dur=${(performance.now() - started).toFixed(1)}`);
  return response;
};

/** Params (malformed → 404), query and body, each parsed with the operation's schema. */
export const parseRequest = async <O extends Operation>(request: Request, operation: O, params: Record<string, unknown>): Promise<Input<O>> => {
  let parsedParams: unknown = undefined;
  if (operation.params) {
    const cleaned = cleanInput(params);
    // A path segment with text no record can have (NUL, a lone surrogate) names no record either.
    if (cleaned.errors.length > 0) throw notFound();
    const result = operation.params.safeParse(cleaned.value);
    // A malformed id in the path names no record: that is a 404, not a validation error.
    if (!result.success) throw notFound();
    parsedParams = result.data;
  }
  const query = operation.query ? parseInput(operation.query, parseQuery(new URL(request.url)), { refusal: "bad_request" }) : undefined;
  const body = await readBody(request, operation);
  return { body, query, params: parsedParams, request } as Input<O>;
};

/**
 * Runs the rate limiter beside the request's own first query (the token lookup) rather than
 * before it; a refusal by the limiter wins over whatever the lookup found.
 */
export const limited = async <T>(request: Request, operation: Operation, on: Omit<Parameters<typeof requestHits>[1], "ip">, work: () => Promise<T>): Promise<T> => {
  const ip = requestIp(request.headers);
  const [limit, result] = await Promise.allSettled([takeHits(getDb(), requestHits(operation, { ip, ...on }), ip), work()]);
  if (limit.status === "rejected") throw limit.reason;
  if (result.status === "rejected") throw result.reason;
  return result.value;
};

/** `{account_id}` of a path: a record id, else the account names nothing (404). */
export const accountIdOf = (params: Record<string, unknown>) => {
  const id = Number(params.account_id);
  if (!Number.isSafeInteger(id) || id <= 0 || id > maxRecordId) throw notFound("Account");
  return id;
};

/** `/api/v1/accounts/{account_id}/…`: the caller is scoped to the account before the handler runs. */
export const accountRoute =
  <O extends Operation & { callers: readonly ("user" | "agent_bot")[] }>(
    operation: O,
    handler: (args: Input<O> & { ctx: AccountCtx<CallersOf<O> & (UserCaller | BotCaller)> }) => Promise<unknown>,
  ): RouteHandler =>
  (request, context) =>
    run(request, async () => {
      const params = await context.params;
      const credential = requireCredential(request, operation);
      const accountId = accountIdOf(params);
      const ctx =
        credential.kind === "token"
          ? await limited(request, operation, { token: credential.token, accountId }, () =>
              accountCallerFromToken(getDb(), credential.token, accountId, admitter<CallersOf<O> & (UserCaller | BotCaller)>(operation)),
            )
          : ((await limited(request, operation, { token: credential.jwt, accountId }, () =>
              bearerAccountContext(getDb(), credential.jwt, accountId, {
                issuer: issuerOf(request),
                audiences: acceptedAudiences(issuerOf(request)),
                scopes: [scopeForMethod(operation.method)],
              }),
            )) as AccountCtx<CallersOf<O> & (UserCaller | BotCaller)>);
      const input = await parseRequest(request, operation, params);
      return present(await handler(Object.assign(input, { ctx })), operation);
    });

/** Routes of the signed-in user that name no account (`/api/v1/profile`). */
export const userRoute =
  <O extends Operation & { callers: readonly ["user"] }>(
    operation: O,
    handler: (args: Input<O> & { ctx: Ctx<UserCaller> }) => Promise<unknown>,
  ): RouteHandler =>
  (request, context) =>
    run(request, async () => {
      const params = await context.params;
      const credential = requireCredential(request, operation);
      const caller =
        credential.kind === "token"
          ? ((await limited(request, operation, { token: credential.token }, () => resolveCaller(request, operation))) as UserCaller)
          : await limited(request, operation, { token: credential.jwt }, () =>
              bearerUserCaller(getDb(), credential.jwt, {
                issuer: issuerOf(request),
                audiences: acceptedAudiences(issuerOf(request)),
                // The profile is the `profile` scope; changing it needs `write` as well.
                scopes: operation.method === "GET" ? ["profile"] : ["profile", "write"],
              }),
            );
      const input = await parseRequest(request, operation, params);
      return present(await handler(Object.assign(input, { ctx: { db: getDb(), caller } })), operation);
    });

/** `/platform/api/v1/…`: platform app tokens only. */
export const platformRoute =
  <O extends Operation & { callers: readonly ["platform_app"] }>(
    operation: O,
    handler: (args: Input<O> & { ctx: Ctx<PlatformCaller> }) => Promise<unknown>,
  ): RouteHandler =>
  (request, context) =>
    run(request, async () => {
      const params = await context.params;
      const caller = (await limited(request, operation, { token: readToken(request) }, () => resolveCaller(request, operation))) as PlatformCaller;
      const input = await parseRequest(request, operation, params);
      return present(await handler(Object.assign(input, { ctx: { db: getDb(), caller } })), operation);
    });

/** No token, but params/query/body still parsed with the operation's schemas (signed links). */
export const openRoute =
  <O extends Operation & { callers: readonly [] }>(operation: O, handler: (args: Input<O>) => Promise<unknown>): RouteHandler =>
  (request, context) =>
    run(request, async () => {
      const params = await context.params;
      const input = await limited(request, operation, {}, () => parseRequest(request, operation, params));
      return present(await handler(input), operation);
    });

/** Routes with no token (health, OpenAPI document). */
export const publicRoute =
  (handler: (request: Request) => Promise<unknown>): RouteHandler =>
  (request) =>
    run(request, async () => present(await handler(request), { status: 200 } as Operation));

const refusals = new WeakSet<RouteHandler>();

const methodNotAllowed = (allowed: string[]): RouteHandler => {
  const refuse: RouteHandler = async () =>
    Response.json(errorBody(`Method not allowed; this route accepts ${allowed.join(", ")}`), {
      status: 405,
      headers: { Allow: allowed.join(", ") },
    });
  refusals.add(refuse);
  return refuse;
};

/** Whether a route file's export really handles its method (rather than answering 405). */
export const handlesMethod = (handler: unknown) => typeof handler === "function" && !refusals.has(handler as RouteHandler);

/**
 * A route file's exports: every method it handles, and a JSON 405 for the rest
 * (Next.js would otherwise answer those with an empty 405).
 */
export const handlers = (handled: Partial<Record<Method, RouteHandler>>): Record<Method, RouteHandler> => {
  const allowed = methods.filter((method) => handled[method]);
  const refuse = methodNotAllowed(allowed);
  return Object.fromEntries(methods.map((method) => [method, handled[method] ?? refuse])) as Record<Method, RouteHandler>;
};

/** Catch-all under an API prefix: unknown routes get the standard 404 body, whatever the method. */
export const unknownRoute = (): Record<Method, RouteHandler> => {
  const answer: RouteHandler = async (request) =>
    Response.json(errorBody(`No route matches ${request.method} ${new URL(request.url).pathname}`), { status: 404 });
  return Object.fromEntries(methods.map((method) => [method, answer])) as Record<Method, RouteHandler>;
};
