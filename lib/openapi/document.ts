import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiParameterObject, type ZodOpenApiPathsObject } from "zod-openapi";
import { planningEventStatuses } from "@/db/schema";
import type { planningEvents as planningEventNames } from "@/lib/events/names";
import { registeredOperations, type Operation } from "@/lib/http/operation";
import { ZAllocation } from "@/lib/planning/allocations/schemas";
import { ZPlanningEvent } from "@/lib/planning/events/schemas";
import { ZQuote } from "@/lib/quotes/operations";
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

/*
 * Our planning and quote events, as an account webhook receives them (the document's `webhooks`
 * map): the resource as the API answers it, flat, with `event` and `account` — Chatwoot's style.
 */

const ZAccountData = z.object({ id: z.int(), name: z.string() }).meta({ id: "WebhookAccount", description: "The account the event happened in" });
const ZChangedAttributes = z
  .array(z.record(z.string(), z.object({ previous_value: z.unknown(), current_value: z.unknown() })))
  .meta({
    id: "ChangedAttributes",
    description:
      'Chatwoot\'s changed_attributes: one single-key object per changed attribute, e.g. [{"status": {"previous_value": "tentative", "current_value": "confirmed"}}]; updated_at included',
  });
const ZEventRef = z
  .object({ id: z.uuid(), name: z.string(), status: z.enum(planningEventStatuses) })
  .meta({ description: "The planning event the quote prices, as the transaction left it (definite after an acceptance)" });

type PlanningEventName = (typeof planningEventNames)[number];

const named = <N extends PlanningEventName>(name: N) => ({ event: z.literal(name), account: ZAccountData });

/** Each planning event's payload. Exported so the delivery tests check what is sent against what is documented. */
const payloadSchemas = {
  allocation_created: ZAllocation.extend(named("allocation_created")),
  allocation_updated: ZAllocation.extend({ ...named("allocation_updated"), changed_attributes: ZChangedAttributes }),
  allocation_cancelled: ZAllocation.extend({
    ...named("allocation_cancelled"),
    changed_attributes: ZChangedAttributes.optional().meta({ description: "When an edit cancelled it (absent when it was deleted)" }),
    deleted: z.boolean().meta({ description: "True when the allocation was deleted (on its own or with its event): it is gone" }),
  }),
  allocation_expired: ZAllocation.extend({
    ...named("allocation_expired"),
    changed_attributes: ZChangedAttributes.optional().meta({ description: "When an edit found the hold lapsed (absent from the hold sweeper)" }),
  }),
  event_created: ZPlanningEvent.extend(named("event_created")),
  event_updated: ZPlanningEvent.extend({ ...named("event_updated"), changed_attributes: ZChangedAttributes }),
  quote_sent: ZQuote.extend({ ...named("quote_sent"), planning_event: ZEventRef }),
  quote_viewed: ZQuote.extend({ ...named("quote_viewed"), planning_event: ZEventRef }),
  quote_accepted: ZQuote.extend({ ...named("quote_accepted"), planning_event: ZEventRef }),
  quote_rejected: ZQuote.extend({ ...named("quote_rejected"), planning_event: ZEventRef }),
  quote_withdrawn: ZQuote.extend({ ...named("quote_withdrawn"), planning_event: ZEventRef }),
} satisfies Record<PlanningEventName, z.ZodObject>;

/** Named components: `allocation_created` → `AllocationCreatedWebhook`. */
export const planningWebhookPayloads = Object.fromEntries(
  Object.entries(payloadSchemas).map(([name, schema]) => [name, schema.meta({ id: `${name.replace(/(^|_)(\w)/g, (_, __, c: string) => c.toUpperCase())}Webhook` })]),
) as typeof payloadSchemas;

const webhookWhen: Record<PlanningEventName, string> = {
  allocation_created: "An allocation was created (API, portal, MCP, or with a new event).",
  allocation_updated:
    "An allocation was edited (moved, re-targeted, confirmed, cancelled, attached to an event) or one of its holds was confirmed by a quote's acceptance.",
  allocation_cancelled:
    "An allocation's status became cancelled (sent beside allocation_updated), or it was deleted, on its own or with its event (deleted: true).",
  allocation_expired:
    "A hold lapsed: the hold sweeper marked it expired, or an edit found it lapsed (then beside allocation_updated).",
  event_created: "A planning event was created; with allocations, sent once they are attached (each sends its own allocation_created).",
  event_updated: "A planning event was edited, or became definite when one of its quotes was accepted.",
  quote_sent: "A quote was sent (by email or marked sent).",
  quote_viewed: "The customer opened the quote's public page (/q/…) or its PDF for the first time; later views send nothing.",
  quote_accepted:
    "A quote was accepted (by a planner or by the customer on the public page), with allocation_updated for every hold confirmed and event_updated for the event's status. A refused acceptance (409) sends nothing.",
  quote_rejected: "A quote was rejected (by a planner, or declined by the customer on the public page).",
  quote_withdrawn: "A sent quote was withdrawn.",
};

/** The delivery headers, described once (components.parameters) and referenced by every webhook. */
const deliveryHeaders: Record<string, ZodOpenApiParameterObject> = {
  WebhookDelivery: {
    in: "header",
    name: "X-Chatwoot-Delivery",
    required: true,
    description: "The delivery's id (UUID), the same on every retry of this event to this webhook: de-duplicate on it",
    schema: { type: "string", format: "uuid" },
  },
  WebhookTimestamp: {
    in: "header",
    name: "X-Chatwoot-Timestamp",
    required: true,
    description: "Unix seconds when this attempt was signed; refuse old ones",
    schema: { type: "string" },
  },
  WebhookSignature: {
    in: "header",
    name: "X-Chatwoot-Signature",
    required: true,
    description: 'sha256=<hex HMAC-SHA256(webhook secret, "<X-Chatwoot-Timestamp>.<raw body>")>; compare in constant time',
    schema: { type: "string" },
  },
  WebhookEvent: { in: "header", name: "X-Venuedesk-Event", required: true, description: "The event's name (as `event` in the body)", schema: { type: "string" } },
  WebhookAttempt: { in: "header", name: "X-Venuedesk-Attempt", required: true, description: "1 for the first attempt, then 2, 3…", schema: { type: "string" } },
};

const webhookOperation = (name: PlanningEventName): ZodOpenApiOperationObject => ({
  operationId: `webhook_${name}`,
  summary: `${name} (subscribe an account webhook to "${name}")`,
  description: webhookWhen[name],
  tags: ["Planning webhooks"],
  parameters: Object.keys(deliveryHeaders).map((id) => ({ $ref: `#/components/parameters/${id}` })),
  requestBody: { required: true, content: { "application/json": { schema: planningWebhookPayloads[name] } } },
  responses: { "200": { description: "Any 2xx is a delivery; 408, 425, 429 and 5xx are retried with backoff, any other status fails it" } },
});

const planningWebhooks = (): ZodOpenApiPathsObject =>
  Object.fromEntries((Object.keys(planningWebhookPayloads) as PlanningEventName[]).map((name) => [name, { post: webhookOperation(name) }]));

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
    webhooks: planningWebhooks(),
    components: {
      parameters: deliveryHeaders,
      securitySchemes: {
        userAccessToken: { type: "apiKey", in: "header", name: "api_access_token", description: "A user's access token (profile)" },
        agentBotToken: { type: "apiKey", in: "header", name: "api_access_token", description: "An agent bot's token (limited routes)" },
        platformAppToken: { type: "apiKey", in: "header", name: "api_access_token", description: "A platform app's token" },
      },
    },
  });
  return cached;
};
