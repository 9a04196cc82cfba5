import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallerKind } from "@/lib/auth/caller";
import { api, type ApiResponse } from "../helpers/app";
import { makeDeliveryRecords } from "../helpers/delivery-records";
import { makeNotificationRecords } from "../helpers/notification-records";
import { ensureFixtures, makeFixture, type Fixture } from "../helpers/fixtures";
import { apiDocument, apiOperations, realPath, signedQuery, type ApiOperation } from "../helpers/operations";
import {
  namedValues,
  notRecordReferences,
  plainBody,
  plainQuery,
  propertyPaths,
  recordFields,
  resolveRefs,
  uniqueValues,
  withValueAt,
} from "../helpers/request-values";
import { changes, snapshot, type Snapshot } from "../helpers/snapshot";

/*
 * Tenant isolation, swept over every operation of the OpenAPI document (a new route is covered
 * without anyone listing it). Two accounts, A and B, each with the full fixture set:
 *   (a) A's caller with B's ids in the path, or in the body and query, is refused (404; 422 for
 *       a body field) and shown nothing of B;
 *   (b) B's administrator on A's paths is refused the same way;
 *   (c) every token kind is refused (401) where the route does not take it, and so is no token;
 *   (d) an agent is refused (401 or 403) every operation reserved to administrators.
 * No refused request changes anything (row counts, and no row written: see helpers/snapshot.ts).
 */

process.env.RATE_LIMITS = "off";
delete process.env.SMTP_URL;

const document = apiDocument();
/**
 * The MCP endpoint speaks JSON-RPC, not the standard error body, and answers a non-member 403 by
 * contract (INTERFACE.md): tests/api/mcp.test.ts covers who may call it (none, bot, platform and
 * garbage tokens 401; another account's users 403; tokens for another resource 401).
 */
const ownProtocol = new Set(["POST /api/v1/accounts/{account_id}/mcp"]);
const operations = apiOperations().filter((operation) => !ownProtocol.has(operation.id));

/**
 * Who may call what, for (d). The operation registry has no role marker (services call
 * requireAdmin / requirePermission themselves), so every operation a user token reaches is
 * classified here; a new one fails "classifies every operation" until it is added to a list.
 * Agents of the fixture hold no extra permissions (planning_manage, quote_manage, report_manage).
 */
const administratorsOnly = new Set([
  "PATCH /api/v1/accounts/{account_id}",
  "POST /api/v1/accounts/{account_id}/agents",
  "PATCH /api/v1/accounts/{account_id}/agents/{id}",
  "DELETE /api/v1/accounts/{account_id}/agents/{id}",
  "POST /api/v1/accounts/{account_id}/agent_bots",
  "PATCH /api/v1/accounts/{account_id}/agent_bots/{id}",
  "DELETE /api/v1/accounts/{account_id}/agent_bots/{id}",
  "POST /api/v1/accounts/{account_id}/agent_bots/{id}/reset_access_token",
  "POST /api/v1/accounts/{account_id}/canned_responses",
  "PATCH /api/v1/accounts/{account_id}/canned_responses/{id}",
  "DELETE /api/v1/accounts/{account_id}/canned_responses/{id}",
  // Galleries: knowledge-base managers and planners (the fixture's agents are neither).
  "POST /api/v1/accounts/{account_id}/galleries",
  "PATCH /api/v1/accounts/{account_id}/galleries/{id}",
  "DELETE /api/v1/accounts/{account_id}/galleries/{id}",
  "POST /api/v1/accounts/{account_id}/galleries/{id}/images",
  "POST /api/v1/accounts/{account_id}/galleries/{id}/images/reorder",
  "PATCH /api/v1/accounts/{account_id}/galleries/{id}/images/{image_id}",
  "DELETE /api/v1/accounts/{account_id}/galleries/{id}/images/{image_id}",
  "DELETE /api/v1/accounts/{account_id}/contacts/{id}",
  "POST /api/v1/accounts/{account_id}/inboxes",
  "PATCH /api/v1/accounts/{account_id}/inboxes/{id}",
  "DELETE /api/v1/accounts/{account_id}/inboxes/{id}",
  "POST /api/v1/accounts/{account_id}/inboxes/{id}/set_agent_bot",
  "POST /api/v1/accounts/{account_id}/inboxes/{id}/reset_secret",
  "POST /api/v1/accounts/{account_id}/inbox_members",
  "PATCH /api/v1/accounts/{account_id}/inbox_members",
  "DELETE /api/v1/accounts/{account_id}/inbox_members",
  "POST /api/v1/accounts/{account_id}/teams",
  "PATCH /api/v1/accounts/{account_id}/teams/{id}",
  "DELETE /api/v1/accounts/{account_id}/teams/{id}",
  "POST /api/v1/accounts/{account_id}/teams/{id}/team_members",
  "PATCH /api/v1/accounts/{account_id}/teams/{id}/team_members",
  "DELETE /api/v1/accounts/{account_id}/teams/{id}/team_members",
  "POST /api/v1/accounts/{account_id}/labels",
  "PATCH /api/v1/accounts/{account_id}/labels/{id}",
  "DELETE /api/v1/accounts/{account_id}/labels/{id}",
  "POST /api/v1/accounts/{account_id}/custom_attribute_definitions",
  "PATCH /api/v1/accounts/{account_id}/custom_attribute_definitions/{id}",
  "DELETE /api/v1/accounts/{account_id}/custom_attribute_definitions/{id}",
  "DELETE /api/v1/accounts/{account_id}/conversations/{conversation_id}",
  "POST /api/v1/accounts/{account_id}/agent_bots/{id}/reset_secret",
  "GET /api/v1/accounts/{account_id}/webhooks",
  "POST /api/v1/accounts/{account_id}/webhooks",
  "GET /api/v1/accounts/{account_id}/webhooks/{id}",
  "PATCH /api/v1/accounts/{account_id}/webhooks/{id}",
  "PUT /api/v1/accounts/{account_id}/webhooks/{id}",
  "DELETE /api/v1/accounts/{account_id}/webhooks/{id}",
  "POST /api/v1/accounts/{account_id}/webhooks/{id}/reset_secret",
  // the delivery logs (webhooks.manage)
  "GET /api/v1/accounts/{account_id}/webhooks/{id}/deliveries",
  "POST /api/v1/accounts/{account_id}/webhooks/{id}/deliveries/{delivery_id}/redeliver",
  "GET /api/v1/accounts/{account_id}/agent_bots/{id}/deliveries",
  "POST /api/v1/accounts/{account_id}/agent_bots/{id}/deliveries/{delivery_id}/redeliver",
  "GET /api/v1/accounts/{account_id}/inboxes/{id}/deliveries",
  "POST /api/v1/accounts/{account_id}/inboxes/{id}/deliveries/{delivery_id}/redeliver",
  // report_manage
  "GET /api/v2/accounts/{account_id}/reports",
  "GET /api/v2/accounts/{account_id}/reports/summary",
  "GET /api/v2/accounts/{account_id}/reports/outgoing_messages_count",
  "GET /api/v2/accounts/{account_id}/reports/agents",
  "GET /api/v2/accounts/{account_id}/reports/inboxes",
  "GET /api/v2/accounts/{account_id}/reports/labels",
  "GET /api/v2/accounts/{account_id}/reports/teams",
  "GET /api/v2/accounts/{account_id}/reports/conversations_summary",
  "GET /api/v2/accounts/{account_id}/reports/conversation_traffic",
  "GET /api/v2/accounts/{account_id}/reports/bot_summary",
  "GET /api/v2/accounts/{account_id}/reports/bot_metrics",
  "GET /api/v2/accounts/{account_id}/reports/conversations",
  "GET /api/v2/accounts/{account_id}/reports/first_response_time_distribution",
  "GET /api/v2/accounts/{account_id}/reports/inbox_label_matrix",
  "GET /api/v2/accounts/{account_id}/summary_reports/agent",
  "GET /api/v2/accounts/{account_id}/summary_reports/team",
  "GET /api/v2/accounts/{account_id}/summary_reports/inbox",
  "GET /api/v2/accounts/{account_id}/summary_reports/label",
  "GET /api/v2/accounts/{account_id}/summary_reports/channel",
  "GET /api/v2/accounts/{account_id}/live_reports/conversation_metrics",
  "GET /api/v2/accounts/{account_id}/live_reports/grouped_conversation_metrics",
  "GET /api/v2/accounts/{account_id}/reports/planning/pipeline",
  "GET /api/v2/accounts/{account_id}/reports/planning/revenue",
  "GET /api/v2/accounts/{account_id}/reports/planning/occupancy",
  "GET /api/v2/accounts/{account_id}/reports/planning/holds",
  "GET /api/v2/accounts/{account_id}/reports/planning/quotes",
  // administrators (Chatwoot's check_admin_authorization)
  "GET /api/v1/accounts/{account_id}/reporting_events",
  // planning_manage
  "POST /api/v1/accounts/{account_id}/spaces",
  "PATCH /api/v1/accounts/{account_id}/spaces/{space_id}",
  "DELETE /api/v1/accounts/{account_id}/spaces/{space_id}",
  "POST /api/v1/accounts/{account_id}/companies",
  "PATCH /api/v1/accounts/{account_id}/companies/{id}",
  "DELETE /api/v1/accounts/{account_id}/companies/{id}",
  "POST /api/v1/accounts/{account_id}/planning/events",
  "PATCH /api/v1/accounts/{account_id}/planning/events/{event_id}",
  "DELETE /api/v1/accounts/{account_id}/planning/events/{event_id}",
  "POST /api/v1/accounts/{account_id}/planning/allocations",
  "PATCH /api/v1/accounts/{account_id}/planning/allocations/{allocation_id}",
  "DELETE /api/v1/accounts/{account_id}/planning/allocations/{allocation_id}",
  // quote_manage
  "POST /api/v1/accounts/{account_id}/planning/rates",
  "PATCH /api/v1/accounts/{account_id}/planning/rates/{id}",
  "DELETE /api/v1/accounts/{account_id}/planning/rates/{id}",
  "POST /api/v1/accounts/{account_id}/planning/pricing-plans",
  "PATCH /api/v1/accounts/{account_id}/planning/pricing-plans/{id}",
  "DELETE /api/v1/accounts/{account_id}/planning/pricing-plans/{id}",
  "POST /api/v1/accounts/{account_id}/planning/discount-codes",
  "PATCH /api/v1/accounts/{account_id}/planning/discount-codes/{id}",
  "DELETE /api/v1/accounts/{account_id}/planning/discount-codes/{id}",
  "POST /api/v1/accounts/{account_id}/planning/events/{event_id}/quotes",
  "PATCH /api/v1/accounts/{account_id}/planning/events/{event_id}/quotes/{id}",
  "POST /api/v1/accounts/{account_id}/planning/events/{event_id}/quotes/{id}/send_quote",
  "POST /api/v1/accounts/{account_id}/planning/events/{event_id}/quotes/{id}/withdraw",
  "POST /api/v1/accounts/{account_id}/planning/events/{event_id}/quotes/{id}/revise",
  "POST /api/v1/accounts/{account_id}/planning/events/{event_id}/quotes/{id}/accept",
  "POST /api/v1/accounts/{account_id}/planning/events/{event_id}/quotes/{id}/reject",
  "POST /api/v1/accounts/{account_id}/planning/events/{event_id}/quotes/{id}/archive",
  // Knowledge bases (knowledge_base_manage)
  "POST /api/v1/accounts/{account_id}/portals",
  "PATCH /api/v1/accounts/{account_id}/portals/{portal_slug}",
  "PUT /api/v1/accounts/{account_id}/portals/{portal_slug}",
  "DELETE /api/v1/accounts/{account_id}/portals/{portal_slug}",
  "PATCH /api/v1/accounts/{account_id}/portals/{portal_slug}/archive",
  "POST /api/v1/accounts/{account_id}/portals/{portal_slug}/logo",
  "DELETE /api/v1/accounts/{account_id}/portals/{portal_slug}/logo",
  "POST /api/v1/accounts/{account_id}/portals/{portal_slug}/categories",
  "POST /api/v1/accounts/{account_id}/portals/{portal_slug}/categories/reorder",
  "PATCH /api/v1/accounts/{account_id}/portals/{portal_slug}/categories/{id}",
  "PUT /api/v1/accounts/{account_id}/portals/{portal_slug}/categories/{id}",
  "DELETE /api/v1/accounts/{account_id}/portals/{portal_slug}/categories/{id}",
  "POST /api/v1/accounts/{account_id}/portals/{portal_slug}/articles",
  "POST /api/v1/accounts/{account_id}/portals/{portal_slug}/articles/reorder",
  "PATCH /api/v1/accounts/{account_id}/portals/{portal_slug}/articles/{id}",
  "PUT /api/v1/accounts/{account_id}/portals/{portal_slug}/articles/{id}",
  "DELETE /api/v1/accounts/{account_id}/portals/{portal_slug}/articles/{id}",
]);

/** What every member may do: read; work conversations, messages and contacts; their own profile and filters. */
const agentsMay = new Set([
  "GET /api/v1/accounts/{account_id}",
  "GET /api/v1/profile",
  "PUT /api/v1/profile",
  "POST /api/v1/profile/reset_access_token",
  "GET /api/v1/accounts/{account_id}/agents",
  "GET /api/v1/accounts/{account_id}/agent_bots",
  "GET /api/v1/accounts/{account_id}/agent_bots/{id}",
  "GET /api/v1/accounts/{account_id}/canned_responses",
  "GET /api/v1/accounts/{account_id}/galleries",
  "GET /api/v1/accounts/{account_id}/galleries/{id}",
  "GET /api/v1/accounts/{account_id}/contacts",
  "POST /api/v1/accounts/{account_id}/contacts",
  "GET /api/v1/accounts/{account_id}/contacts/search",
  "POST /api/v1/accounts/{account_id}/contacts/filter",
  "GET /api/v1/accounts/{account_id}/contacts/{id}",
  "PUT /api/v1/accounts/{account_id}/contacts/{id}",
  "PATCH /api/v1/accounts/{account_id}/contacts/{id}",
  "GET /api/v1/accounts/{account_id}/contacts/{id}/labels",
  "POST /api/v1/accounts/{account_id}/contacts/{id}/labels",
  "POST /api/v1/accounts/{account_id}/contacts/{id}/contact_inboxes",
  "GET /api/v1/accounts/{account_id}/contacts/{id}/contactable_inboxes",
  "GET /api/v1/accounts/{account_id}/contacts/{id}/conversations",
  "POST /api/v1/accounts/{account_id}/actions/contact_merge",
  "GET /api/v1/accounts/{account_id}/inboxes",
  "GET /api/v1/accounts/{account_id}/inboxes/{id}",
  "GET /api/v1/accounts/{account_id}/inboxes/{id}/agent_bot",
  "GET /api/v1/accounts/{account_id}/inbox_members/{inbox_id}",
  "GET /api/v1/accounts/{account_id}/teams",
  "GET /api/v1/accounts/{account_id}/teams/{id}",
  "GET /api/v1/accounts/{account_id}/teams/{id}/team_members",
  "GET /api/v1/accounts/{account_id}/labels",
  "GET /api/v1/accounts/{account_id}/labels/{id}",
  "GET /api/v1/accounts/{account_id}/custom_attribute_definitions",
  "GET /api/v1/accounts/{account_id}/custom_attribute_definitions/{id}",
  "GET /api/v1/accounts/{account_id}/custom_filters",
  "POST /api/v1/accounts/{account_id}/custom_filters",
  "GET /api/v1/accounts/{account_id}/custom_filters/{id}",
  "PATCH /api/v1/accounts/{account_id}/custom_filters/{id}",
  "DELETE /api/v1/accounts/{account_id}/custom_filters/{id}",
  "GET /api/v1/accounts/{account_id}/conversations",
  "GET /api/v1/accounts/{account_id}/conversations/meta",
  "GET /api/v1/accounts/{account_id}/conversations/search",
  "POST /api/v1/accounts/{account_id}/conversations/filter",
  "POST /api/v1/accounts/{account_id}/conversations",
  "GET /api/v1/accounts/{account_id}/conversations/{conversation_id}",
  "PATCH /api/v1/accounts/{account_id}/conversations/{conversation_id}",
  "POST /api/v1/accounts/{account_id}/conversations/{conversation_id}/toggle_status",
  "POST /api/v1/accounts/{account_id}/conversations/{conversation_id}/toggle_priority",
  "POST /api/v1/accounts/{account_id}/conversations/{conversation_id}/toggle_typing_status",
  "POST /api/v1/accounts/{account_id}/conversations/{conversation_id}/custom_attributes",
  "POST /api/v1/accounts/{account_id}/conversations/{conversation_id}/assignments",
  "GET /api/v1/accounts/{account_id}/conversations/{conversation_id}/labels",
  "GET /api/v1/accounts/{account_id}/conversations/{conversation_id}/reporting_events",
  "POST /api/v1/accounts/{account_id}/conversations/{conversation_id}/labels",
  "POST /api/v1/accounts/{account_id}/conversations/{conversation_id}/mute",
  "POST /api/v1/accounts/{account_id}/conversations/{conversation_id}/unmute",
  "POST /api/v1/accounts/{account_id}/conversations/{conversation_id}/unread",
  "POST /api/v1/accounts/{account_id}/conversations/{conversation_id}/update_last_seen",
  "GET /api/v1/accounts/{account_id}/conversations/{conversation_id}/messages",
  "POST /api/v1/accounts/{account_id}/conversations/{conversation_id}/messages",
  "PATCH /api/v1/accounts/{account_id}/conversations/{conversation_id}/messages/{message_id}",
  "DELETE /api/v1/accounts/{account_id}/conversations/{conversation_id}/messages/{message_id}",
  "GET /api/v1/accounts/{account_id}/spaces",
  "GET /api/v1/accounts/{account_id}/spaces/{space_id}",
  "GET /api/v1/accounts/{account_id}/companies",
  "GET /api/v1/accounts/{account_id}/companies/{id}",
  "GET /api/v1/accounts/{account_id}/planning/events",
  "GET /api/v1/accounts/{account_id}/planning/events/{event_id}",
  "GET /api/v1/accounts/{account_id}/planning/allocations",
  "GET /api/v1/accounts/{account_id}/planning/allocations/{allocation_id}",
  "POST /api/v1/accounts/{account_id}/planning/allocations/validate",
  "POST /api/v1/accounts/{account_id}/planning/allocations/find_available_slots",
  "GET /api/v1/accounts/{account_id}/planning/rates",
  "GET /api/v1/accounts/{account_id}/planning/rates/{id}",
  "GET /api/v1/accounts/{account_id}/planning/pricing-plans",
  "GET /api/v1/accounts/{account_id}/planning/pricing-plans/{id}",
  "GET /api/v1/accounts/{account_id}/planning/discount-codes",
  "GET /api/v1/accounts/{account_id}/planning/discount-codes/{id}",
  "GET /api/v1/accounts/{account_id}/planning/events/{event_id}/quotes",
  "GET /api/v1/accounts/{account_id}/planning/events/{event_id}/quotes/{id}",
  "GET /api/v1/accounts/{account_id}/planning/events/{event_id}/quotes/{id}/preview",
  "GET /api/v1/accounts/{account_id}/planning/events/{event_id}/quotes/{id}/download",
  // each member's own notifications
  "GET /api/v1/accounts/{account_id}/notifications",
  "GET /api/v1/accounts/{account_id}/notifications/unread_count",
  "POST /api/v1/accounts/{account_id}/notifications/read_all",
  "POST /api/v1/accounts/{account_id}/notifications/destroy_all",
  "PATCH /api/v1/accounts/{account_id}/notifications/{id}",
  "DELETE /api/v1/accounts/{account_id}/notifications/{id}",
  "POST /api/v1/accounts/{account_id}/notifications/{id}/unread",
  "POST /api/v1/accounts/{account_id}/notifications/{id}/snooze",
  "GET /api/v1/accounts/{account_id}/notification_settings",
  "PATCH /api/v1/accounts/{account_id}/notification_settings",
  // Knowledge bases: every member reads
  "GET /api/v1/accounts/{account_id}/portals",
  "GET /api/v1/accounts/{account_id}/portals/{portal_slug}",
  "GET /api/v1/accounts/{account_id}/portals/{portal_slug}/categories",
  "GET /api/v1/accounts/{account_id}/portals/{portal_slug}/categories/{id}",
  "GET /api/v1/accounts/{account_id}/portals/{portal_slug}/articles",
  "GET /api/v1/accounts/{account_id}/portals/{portal_slug}/articles/{id}",
  "GET /api/v1/accounts/{account_id}/search/articles",
]);


// ---------------------------------------------------------------------------------------------

let a: Fixture;
let b: Fixture;
let before: Snapshot;
const covered = new Set<string>();
const byScenario = new Map<string, number>();
let requests = 0;
let leaks = 0;

type Attempt = {
  scenario: string;
  operation: ApiOperation;
  /** Whose token, or none. */
  token: string | null;
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  expected: readonly number[];
  /** Records of this fixture must not show in the answer. */
  hidden: Fixture;
};

/** Values that identify a fixture's records: their tag (in every name), uuids, secrets and identifiers. */
const markersOf = (f: Fixture) =>
  [
    f.tag,
    f.venue.id,
    f.hall.id,
    f.room.id,
    f.hall.resourceId,
    f.event.id,
    f.allocation.id,
    f.inbox.identifier,
    f.inbox.hmacToken,
    f.contact.sourceId,
    f.client.sourceId,
    f.contact.email,
    f.sentQuote.publicToken,
    f.hall.calendarToken,
    f.admin.token,
    f.agent.token,
    f.bot.token,
    f.platform.token,
  ].map((marker) => marker.toLowerCase());

const isStandardError = (body: any) =>
  typeof body?.description === "string" &&
  Array.isArray(body?.errors) &&
  body.errors.every((e: any) => typeof e?.field === "string" && typeof e?.message === "string" && typeof e?.code === "string");

const attempt = async (request: Attempt): Promise<string[]> => {
  const { operation } = request;
  const search = new URLSearchParams(request.query ?? {}).toString();
  const url = `${request.path}${search ? `?${search}` : ""}`;
  const body = operation.method === "GET" || request.body === undefined ? undefined : request.body;
  let response: ApiResponse;
  try {
    response = await api.call(operation.method, url, { token: request.token, body });
  } catch (error) {
    return [`${request.scenario}: ${operation.method} ${url} threw ${(error as Error).message}`];
  }
  requests++;
  covered.add(operation.id);
  const group = request.scenario.slice(0, 3);
  byScenario.set(group, (byScenario.get(group) ?? 0) + 1);
  const after = await snapshot(before);
  const written = changes(before, after);
  before = after;
  const problems: string[] = [];
  if (!request.expected.includes(response.status)) problems.push(`answered ${response.status}, expected ${request.expected.join(" or ")}`);
  if (response.status >= 400 && !isStandardError(response.body)) problems.push("without the standard error body");
  // What the request itself carried is no leak when it comes back (an error naming the id sent).
  const sent = `${url} ${JSON.stringify(body ?? "")}`.toLowerCase();
  const shown = markersOf(request.hidden).filter((marker) => !sent.includes(marker) && response.text.toLowerCase().includes(marker));
  if (shown.length > 0) {
    leaks++;
    problems.push(`LEAK: the answer shows ${shown.join(", ")}`);
  }
  if (written.length > 0) problems.push(`changed the database: ${written.join("; ")}`);
  if (written.length > 0) {
    // Something that should have been refused went through: put the fixtures back for the next request.
    await ensureFixtures(a);
    await ensureFixtures(b);
    before = await snapshot();
  }
  if (problems.length === 0) return [];
  return [`${request.scenario}: ${operation.method} ${url} ${problems.join("; ")}\n    body sent: ${JSON.stringify(body ?? null).slice(0, 300)}\n    answer: ${response.text.slice(0, 300)}`];
};

const tokenOf = (fixture: Fixture, operation: ApiOperation, who: CallerKind | "agent" | "none" | "garbage" = "user"): string | null => {
  if (who === "none") return null;
  if (who === "garbage") return `not-a-token-${randomBytes(4).toString("hex")}`;
  if (who === "agent") return fixture.agent.token;
  if (who === "agent_bot") return fixture.bot.token;
  if (who === "platform_app") return fixture.platform.token;
  if (operation.callers.length === 0) return null;
  if (operation.callers.includes("platform_app")) return fixture.platform.token;
  return operation.path.startsWith("/api/v1/profile") ? fixture.profile.token : fixture.admin.token;
};

const bodyFor = (operation: ApiOperation, fixture: Fixture) => resolveRefs(plainBody(document, operation), fixture);
const queryFor = (operation: ApiOperation, fixture: Fixture) => plainQuery(document, operation, fixture, signedQuery(operation));

/** Runs the attempts, one after another (each compares the database with the state before it). */
const runAll = async (attempts: Attempt[]) => {
  const problems: string[] = [];
  for (const request of attempts) problems.push(...(await attempt(request)));
  return problems;
};

const isAccountRoute = (operation: ApiOperation) => operation.pathParams.some((p) => p.name === "account_id") && operation.callers.length > 0;

beforeAll(async () => {
  const tag = randomBytes(4).toString("hex");
  a = await makeFixture(`isoa${tag}`);
  b = await makeFixture(`isob${tag}`);
  await makeDeliveryRecords(a);
  await makeDeliveryRecords(b);
  await makeNotificationRecords(a);
  await makeNotificationRecords(b);
  before = await snapshot();
}, 120_000);

afterAll(() => {
  const uncovered = operations.filter((o) => !covered.has(o.id)).map((o) => o.id);
  const scenarios = [...byScenario].map(([group, n]) => `${group} ${n}`).join(", ");
  console.log(
    `isolation: ${covered.size} of ${operations.length} operations covered, ${requests} requests (${scenarios}), ${leaks} leaks` +
      `; not swept (no token, no id to cross): ${uncovered.join(", ")}`,
  );
});

describe("tenant isolation, swept over the OpenAPI document", () => {
  it("classifies every operation a user token reaches as administrators-only or open to agents", () => {
    const userOperations = operations.filter((o) => o.callers.includes("user")).map((o) => o.id);
    const unclassified = userOperations.filter((id) => !administratorsOnly.has(id) && !agentsMay.has(id));
    const stale = [...administratorsOnly, ...agentsMay].filter((id) => !userOperations.includes(id));
    const both = [...administratorsOnly].filter((id) => agentsMay.has(id));
    expect({ unclassified, stale, both }).toEqual({ unclassified: [], stale: [], both: [] });
  });

  it("names a fixture for every *_id and *_ids field of every request body", () => {
    const unclassified = operations.flatMap((operation) =>
      propertyPaths(document, operation.body, (name) => /_ids?$/.test(name))
        .map((path) => String(path.at(-1)))
        .filter((name) => !(name in recordFields(operation)) && !(name in notRecordReferences))
        .map((name) => `${operation.id} ${name}`),
    );
    expect(unclassified).toEqual([]);
  });

  it("(a) refuses A's callers B's ids in the path, showing and changing nothing", async () => {
    const attempts: Attempt[] = [];
    for (const operation of operations) {
      // The quote's public token is itself the credential: no account to cross.
      if (operation.pathParams.length === 0 || operation.path.startsWith("/q/")) continue;
      // OAuth resource metadata answers for any well-formed account id (so it reveals none) and holds no data.
      if (operation.path.startsWith("/.well-known/")) continue;
      // A public help center is public: its slug is its address, its published articles anyone's to read.
      if (operation.path.startsWith("/hc/")) continue;
      const expected = operation.surface === "platform" ? [401, 404] : operation.path.startsWith("/uploads/") ? [403, 404] : [404];
      const names = operation.pathParams.map((p) => p.name);
      // The Client API's inbox identifier is its credential: B's alone is B's own inbox.
      const ownCredential = operation.surface === "public" && names.length === 1;
      const variants: Record<string, string | number>[] = ownCredential ? [] : names.map((name) => ({ [name]: operation.target[name]!(b) }));
      // Everything from B is B's own link on the routes whose path is the credential.
      if (names.length > 1 && operation.callers.length > 0) variants.push(Object.fromEntries(names.map((name) => [name, operation.target[name]!(b)])));
      for (const overrides of variants) {
        // Numbers counted per account (conversation display ids) can be the same in both: then it is no foreign id.
        if (Object.entries(overrides).every(([name, value]) => String(value) === String(operation.target[name]!(a)))) continue;
        attempts.push({
          scenario: `(a) B's ${Object.keys(overrides).join("+")}`,
          operation,
          token: tokenOf(a, operation),
          path: realPath(operation, a, overrides),
          query: queryFor(operation, a),
          body: bodyFor(operation, a),
          expected,
          hidden: b,
        });
      }
      // A space's feed with B's space and B's own feed token, under A's account.
      if (operation.path.endsWith("/calendar.ics")) {
        attempts.push({ scenario: "(a) B's space and feed token", operation, token: null, path: realPath(operation, a, { space_id: b.hall.id }), query: queryFor(operation, b), expected, hidden: b });
      }
    }
    expect(await runAll(attempts)).toEqual([]);
  }, 120_000);

  it("(a) refuses ids of B's records in request bodies (404 or 422) and in queries (never B's data)", async () => {
    const attempts: Attempt[] = [];
    for (const operation of operations) {
      const fields = recordFields(operation);
      const pick = (name: string) => uniqueValues(operation)[name] ?? fields[name] ?? namedValues[name];
      for (const path of propertyPaths(document, operation.body, (name) => name in fields)) {
        const name = String(path.at(-1));
        // Numbers counted per account (conversation display ids) can be the same in both: then it is no foreign id.
        if (String(fields[name]!.get(b)) === String(fields[name]!.get(a))) continue;
        // Only the required fields beside it: another reference (assignee_id beside team_id) could decide the answer first.
        const body = withValueAt(document, operation.body!, plainBody(document, operation, { records: false }), path, fields[name]!.get(b), pick);
        attempts.push({
          scenario: `(a) B's ${path.join(".")} in the body`,
          operation,
          token: tokenOf(a, operation),
          path: realPath(operation, a),
          query: queryFor(operation, a),
          body: resolveRefs(body, a),
          expected: operation.surface === "platform" ? [401, 404, 422] : [404, 422],
          hidden: b,
        });
      }
      for (const parameter of operation.query.filter((p) => p.name in fields)) {
        const value = fields[parameter.name]!.get(b);
        attempts.push({
          scenario: `(a) B's ${parameter.name} in the query`,
          operation,
          token: tokenOf(a, operation),
          path: realPath(operation, a),
          query: { ...queryFor(operation, a), [parameter.name]: String(value) },
          // A filter naming another account's record finds nothing here: an empty answer or a refusal.
          expected: [200, 404, 422],
          hidden: b,
        });
      }
    }
    expect(attempts.length).toBeGreaterThan(0);
    expect(await runAll(attempts)).toEqual([]);
  }, 120_000);

  it("(b) refuses B's administrator and B's platform app everything of A's", async () => {
    const attempts: Attempt[] = [];
    for (const operation of operations) {
      if (isAccountRoute(operation)) {
        attempts.push({
          scenario: "(b) B's administrator on A's account",
          operation,
          token: tokenOf(b, operation),
          path: realPath(operation, a),
          query: queryFor(operation, a),
          body: bodyFor(operation, a),
          expected: [404],
          hidden: a,
        });
      } else if (operation.surface === "platform" && (operation.pathParams.length > 0 || operation.method === "GET")) {
        attempts.push({
          scenario: "(b) B's platform app on A's platform records",
          operation,
          token: b.platform.token,
          path: realPath(operation, a),
          body: bodyFor(operation, a),
          // Lists answer B's own records only.
          expected: operation.pathParams.length > 0 ? [401, 404] : [200],
          hidden: a,
        });
      }
    }
    expect(await runAll(attempts)).toEqual([]);
  }, 120_000);

  it("(c) answers 401 to no token, an unknown token and every token kind a route does not take", async () => {
    const attempts: Attempt[] = [];
    for (const operation of operations) {
      if (operation.callers.length === 0) continue;
      const wrongKinds = (["user", "agent_bot", "platform_app"] as const).filter((kind) => !operation.callers.includes(kind));
      for (const who of ["none", "garbage", ...wrongKinds] as const) {
        attempts.push({
          scenario: `(c) ${who === "user" ? "a user's" : who} token`,
          operation,
          token: who === "user" ? a.admin.token : tokenOf(a, operation, who),
          path: realPath(operation, a),
          query: queryFor(operation, a),
          body: bodyFor(operation, a),
          expected: [401],
          hidden: b,
        });
      }
    }
    expect(await runAll(attempts)).toEqual([]);
  }, 120_000);

  it("(d) refuses agents every operation reserved to administrators (401 or 403)", async () => {
    const attempts: Attempt[] = operations
      .filter((operation) => administratorsOnly.has(operation.id))
      .map((operation) => ({
        scenario: "(d) an agent",
        operation,
        token: a.agent.token,
        path: realPath(operation, a),
        query: queryFor(operation, a),
        body: bodyFor(operation, a),
        expected: [401, 403],
        hidden: b,
      }));
    expect(await runAll(attempts)).toEqual([]);
  }, 120_000);

  // Found by the sweep: send_quote took inbox_id and never read it, so another account's was accepted silently.
  it("refuses another account's inbox_id in send_quote, and leaves the quote a draft", async () => {
    const res = await api.post(`/api/v1/accounts/${a.accountId}/planning/events/${a.event.id}/quotes/${a.draftQuote.id}/send_quote`, {
      token: a.admin.token,
      body: { delivery_mode: "manual", inbox_id: b.inbox.id },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([expect.objectContaining({ field: "inbox_id" })]);
    const quote = await api.get(`/api/v1/accounts/${a.accountId}/planning/events/${a.event.id}/quotes/${a.draftQuote.id}`, { token: a.admin.token });
    expect(quote.body.status).toBe("draft");
  });
});
