import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import { registeredOperations, type Operation } from "@/lib/http/operation";
import "./catalog";

export const ZErrorBody = z
  .object({
    description: z.string(),
    errors: z.array(z.object({ field: z.string(), message: z.string(), code: z.string() })),
    error: z.string().meta({ description: "Same text as description, for Chatwoot clients" }),
    conflicts: z
      .array(z.object({ allocation_id: z.string(), space_id: z.string(), start_at: z.string(), end_at: z.string(), status: z.string() }))
      .optional()
      .meta({ description: "On a 409 from a booking: the confirmed allocations in the way (the description names the first, in its space's time zone)" }),
  })
  .meta({ id: "Error" });

const statusText: Record<number, string> = {
  400: "Malformed JSON",
  401: "Missing or unknown token, or a token kind this route does not take",
  403: "The caller lacks the role or permission",
  404: "Not found in this account",
  409: "Conflict",
  413: "Body too large",
  422: "Validation failed; errors[].field names each field",
};

const errorResponse = (status: number, schema: z.ZodType = ZErrorBody) => ({ description: statusText[status] ?? "Error", content: { "application/json": { schema } } });

const security = (operation: Operation): Record<string, string[]>[] => {
  if (operation.callers.length === 0) return [];
  if (operation.callers.includes("platform_app")) return [{ platformAppToken: [] }];
  return operation.callers.includes("agent_bot") ? [{ userAccessToken: [] }, { agentBotToken: [] }] : [{ userAccessToken: [] }];
};

const operationId = (operation: Operation) =>
  `${operation.method.toLowerCase()}${operation.path.replace(/[{}]/g, "").replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ""))}`;

const describe = (operation: Operation): ZodOpenApiOperationObject => {
  const status = operation.status ?? 200;
  const errorStatuses = new Set<number>([...(operation.callers.length ? [401] : []), ...(operation.errors ?? [])]);
  if (operation.body) [400, 413, 422].forEach((s) => errorStatuses.add(s));
  if (operation.query) errorStatuses.add(422);
  const bodyContent = operation.body
    ? operation.formOnly
      ? { "application/x-www-form-urlencoded": { schema: operation.body } }
      : {
        "application/json": { schema: operation.body },
        ...(operation.form ? { "application/x-www-form-urlencoded": { schema: operation.body } } : {}),
        ...(operation.multipart ? { "multipart/form-data": { schema: operation.body } } : {}),
      }
    : undefined;
  return {
    operationId: operationId(operation),
    summary: operation.summary,
    tags: [operation.tag],
    security: security(operation),
    requestParams: {
      ...(operation.params ? { path: operation.params } : {}),
      ...(operation.query ? { query: operation.query } : {}),
    },
    ...(bodyContent ? { requestBody: { required: true, content: bodyContent } } : {}),
    responses: {
      [String(status)]: {
        description: operation.response ? "Success" : "Success, empty body",
        ...(operation.response ? { content: { "application/json": { schema: operation.response } } } : {}),
      },
      ...Object.fromEntries([...errorStatuses].sort().map((s) => [String(s), errorResponse(s, operation.errorBody)])),
    },
  };
};

let cached: ReturnType<typeof createDocument> | undefined;

/** The OpenAPI 3.1 document, built from the same zod schemas the routes validate with. */
export const openApiDocument = () => {
  if (cached) return cached;
  const paths: ZodOpenApiPathsObject = {};
  for (const operation of registeredOperations()) {
    const item = (paths[operation.path] ??= {}) as Record<string, ZodOpenApiOperationObject>;
    item[operation.method.toLowerCase()] = describe(operation);
  }
  cached = createDocument({
    openapi: "3.1.0",
    info: {
      title: "Venuedesk API",
      version: "1.1.0",
      description:
        "Chatwoot-compatible Application API and Platform API; the Client API, planning and quotes follow. " +
        "Every error body carries description, errors[] (field, message, code) and error (the same text as description).",
    },
    servers: [{ url: "/" }],
    paths,
    components: {
      securitySchemes: {
        userAccessToken: { type: "apiKey", in: "header", name: "api_access_token", description: "A user's access token (profile)" },
        agentBotToken: { type: "apiKey", in: "header", name: "api_access_token", description: "An agent bot's token (limited routes)" },
        platformAppToken: { type: "apiKey", in: "header", name: "api_access_token", description: "A platform app's token" },
      },
    },
  });
  return cached;
};
