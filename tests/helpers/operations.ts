import type { CallerKind } from "@/lib/auth/caller";
import { openApiDocument } from "@/lib/openapi/document";
import { registeredOperations, type Operation } from "@/lib/http/operation";
import { deliveryRecordsOf } from "./delivery-records";
import { notificationIdOf } from "./notification-records";
import type { Fixture } from "./fixtures";
import { resolve, type Document, type Schema } from "./json-schema";

/**
 * Every API operation, read from the same two places the OpenAPI document is built from: the
 * document (parameters and request body as JSON Schema) and the operation registry (callers,
 * body wrapper key, accepted content types).
 */
export type Surface = "api/v1" | "api/v2" | "platform" | "public" | "open";

export type Parameter = { name: string; schema: Schema; required: boolean };

export type ApiOperation = {
  id: string;
  method: Operation["method"];
  path: string;
  surface: Surface;
  callers: readonly CallerKind[];
  bodyKey?: string;
  bodySiblings: readonly string[];
  form: boolean;
  multipart: boolean;
  pathParams: Parameter[];
  query: Parameter[];
  body?: Schema;
  /** Each path parameter, and the fixture value that names a real record for it. */
  target: Record<string, (fixture: Fixture) => string | number>;
};

export const surfaceOf = (path: string, callers: readonly CallerKind[]): Surface => {
  if (path.startsWith("/platform/api/v1")) return "platform";
  if (path.startsWith("/public/api/v1")) return "public";
  if (callers.length === 0) return "open";
  return path.startsWith("/api/v2") ? "api/v2" : "api/v1";
};

/** Path parameters named by the resource before them (`/agents/{id}`) or by their own name. */
const byResource: Record<string, (f: Fixture) => string | number> = {
  "api/v1 agents": (f) => f.member.id,
  "api/v1 agent_bots": (f) => f.bot.id,
  "api/v1 canned_responses": (f) => f.cannedResponse.id,
  "api/v1 galleries": (f) => f.gallery.id,
  "api/v1 contacts": (f) => f.contact.id,
  "api/v1 inboxes": (f) => f.inbox.id,
  "api/v1 teams": (f) => f.team.id,
  "api/v1 labels": (f) => f.label.id,
  "api/v1 custom_attribute_definitions": (f) => f.customAttribute.id,
  "api/v1 custom_filters": (f) => f.customFilter.id,
  "api/v1 companies": (f) => f.company.id,
  "api/v1 rates": (f) => f.rate.id,
  "api/v1 pricing-plans": (f) => f.pricingPlan.id,
  "api/v1 discount-codes": (f) => f.discountCode.id,
  "api/v1 quotes": (f) => f.draftQuote.id,
  "api/v1 webhooks": (f) => deliveryRecordsOf(f).webhookId,
  "api/v1 notifications": (f) => notificationIdOf(f),
  "platform accounts": (f) => f.platform.accountId,
  "platform users": (f) => f.platform.userId,
  "platform agent_bots": (f) => f.platform.botId,
  // Knowledge bases
  "api/v1 articles": (f) => f.article.id,
  "api/v1 categories": (f) => f.category.id,
};
const byName: Record<string, (f: Fixture) => string | number> = {
  "api/v1 account_id": (f) => f.accountId,
  "api/v2 account_id": (f) => f.accountId,
  "open account_id": (f) => f.accountId,
  "api/v1 conversation_id": (f) => f.conversation.displayId,
  "api/v1 message_id": (f) => f.conversation.messageId,
  "api/v1 inbox_id": (f) => f.inbox.id,
  "api/v1 space_id": (f) => f.hall.id,
  "open space_id": (f) => f.hall.id,
  "api/v1 event_id": (f) => f.event.id,
  "api/v1 allocation_id": (f) => f.allocation.id,
  "open attachment_id": (f) => f.attachment.id,
  "api/v1 image_id": (f) => f.gallery.imageId,
  "open image_id": (f) => f.gallery.imageId,
  "public inbox_identifier": (f) => f.inbox.identifier,
  "public contact_identifier": (f) => f.client.sourceId,
  "public conversation_id": (f) => f.client.conversationId,
  "public message_id": (f) => f.client.messageId,
  "open token": (f) => f.sentQuote.publicToken,
  // Knowledge bases
  "api/v1 portal_slug": (f) => f.portal.slug,
  "open portal_slug": (f) => f.portal.slug,
  "open locale": () => "en",
  "open portal_id": (f) => f.portal.id,
};

const targetOf = (path: string, surface: Surface, name: string) => {
  const segments = path.split("/");
  // A delivery belongs to the target before it (`/webhooks/{id}/deliveries/{delivery_id}`).
  const owner = segments[segments.indexOf("{id}") - 1];
  if (surface === "api/v1" && name === "delivery_id" && (owner === "webhooks" || owner === "agent_bots" || owner === "inboxes")) {
    return (f: Fixture) => deliveryRecordsOf(f).deliveryIds[owner];
  }
  const before = segments[segments.indexOf(`{${name}}`) - 1] ?? "";
  const found = name === "id" ? byResource[`${surface} ${before}`] : byName[`${surface} ${name}`];
  // A new route whose ids the sweeps cannot fill: name its fixture above.
  if (!found) throw new Error(`no fixture names {${name}} in ${path}: add it to tests/helpers/operations.ts`);
  return found;
};

let cached: ApiOperation[] | undefined;

export const apiDocument = () => openApiDocument() as unknown as Document & { paths: Record<string, Record<string, any>> };

export const apiOperations = (): ApiOperation[] => {
  if (cached) return cached;
  const document = apiDocument();
  cached = registeredOperations().map((operation) => {
    const described = document.paths[operation.path]?.[operation.method.toLowerCase()];
    if (!described) throw new Error(`${operation.method} ${operation.path} is not in the document`);
    const parameters = ((described.parameters ?? []) as { in: string; name: string; schema: Schema; required?: boolean }[]).map((p) => ({
      in: p.in,
      name: p.name,
      schema: resolve(document, p.schema),
      required: p.required === true,
    }));
    const surface = surfaceOf(operation.path, operation.callers);
    const pathParams = parameters.filter((p) => p.in === "path");
    const content = described.requestBody?.content;
    // Form-only operations (the OAuth token and revocation endpoints) describe their body under the form type.
    const body = (content?.["application/json"] ?? content?.["application/x-www-form-urlencoded"])?.schema as Schema | undefined;
    return {
      id: `${operation.method} ${operation.path}`,
      method: operation.method,
      path: operation.path,
      surface,
      callers: operation.callers,
      bodyKey: operation.bodyKey,
      bodySiblings: operation.bodySiblings ?? [],
      form: operation.form === true || operation.formOnly === true,
      multipart: operation.multipart === true,
      pathParams,
      query: parameters.filter((p) => p.in === "query"),
      body: body ? resolve(document, body) : undefined,
      target: Object.fromEntries(pathParams.map((p) => [p.name, targetOf(operation.path, surface, p.name)])),
    };
  });
  return cached;
};

/** `/api/v1/accounts/{account_id}/agents/{id}` with each parameter's (already encoded) segment. */
export const fillPath = (path: string, segments: Record<string, string>) =>
  path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const segment = segments[name];
    if (segment === undefined) throw new Error(`no value for {${name}} in ${path}`);
    return segment;
  });

/** The path with every parameter naming the fixture's own record. */
export const realPath = (operation: ApiOperation, fixture: Fixture, overrides: Record<string, string | number> = {}) =>
  fillPath(
    operation.path,
    Object.fromEntries(
      operation.pathParams.map((p) => [p.name, encodeURIComponent(String(overrides[p.name] ?? operation.target[p.name]!(fixture)))]),
    ),
  );

/** Query parameters that carry a signed link's credential, and where the fixture keeps each. */
export const signedQuery = (operation: ApiOperation): Record<string, (fixture: Fixture) => string> => {
  if (operation.path === "/uploads/{attachment_id}") return { expires: (f) => f.attachment.expires, signature: (f) => f.attachment.signature };
  if (operation.path === "/uploads/gallery-image/{image_id}") return { expires: (f) => f.gallery.expires, signature: (f) => f.gallery.signature };
  if (operation.path.endsWith("/calendar.ics")) return { token: (f) => f.hall.calendarToken };
  // Knowledge bases
  if (operation.path === "/uploads/portal-logo/{portal_id}") return { expires: (f) => f.portal.logoExpires, signature: (f) => f.portal.logoSignature };
  return {};
};

