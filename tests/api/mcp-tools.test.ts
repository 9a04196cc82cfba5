import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createServer } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { getDb } from "@/db/client";
import { discountCodes, pricingPlans, pricingRules, rates } from "@/db/schema";
import { accountContext } from "@/lib/auth/caller";
import { callTool, type ToolResult } from "@/lib/mcp/call";
import { toolsFor, type McpCtx } from "@/lib/mcp/tool";
import { tools } from "@/lib/mcp/tools";
import { localDateOf, weekdayOf } from "@/lib/planning/time";
import { ZQuote, ZSentQuote } from "@/lib/quotes/operations";
import { api } from "../helpers/app";
import { startServer, type TestServer } from "../helpers/http-server";
import { joinInbox, makeTeam } from "../helpers/factories";

/*
 * The MCP tools against the real services and database: each answers what the API route it
 * mirrors answers, its writes show through the API afterwards, and refusals come back as tool
 * errors carrying the API's message. Ends with an assistant's whole job: slots, a hold, an event,
 * a quote with an optional line, sent to the customer by email.
 */

type Team = Awaited<ReturnType<typeof makeTeam>>;

const toolNamed = (name: string) => {
  const tool = tools.find((candidate) => candidate.name === name);
  if (!tool) throw new Error(`no tool ${name}`);
  return tool;
};

/** What a client receives: plain JSON. */
const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as any;

/** Calls a tool; an answer must fit the tool's output schema and its text must be its structured content. */
const invoke = async (ctx: McpCtx, name: string, args: Record<string, unknown> = {}): Promise<ToolResult> => {
  const tool = toolNamed(name);
  const result = await callTool(tool, ctx, args);
  if (!result.isError) {
    expect(JSON.parse(result.content[0]!.text)).toEqual(json(result.structuredContent));
    if (tool.output) {
      const parsed = tool.output.safeParse(json(result.structuredContent));
      expect(parsed.success, `${name}'s answer fits its output schema: ${JSON.stringify(parsed.error?.issues.slice(0, 3))}`).toBe(true);
    }
  }
  return result;
};

const ok = async (ctx: McpCtx, name: string, args: Record<string, unknown> = {}) => {
  const result = await invoke(ctx, name, args);
  expect(result.isError, result.content[0]!.text).toBeFalsy();
  return json(result.structuredContent);
};

const refused = async (ctx: McpCtx, name: string, args: Record<string, unknown> = {}) => {
  const result = await invoke(ctx, name, args);
  expect(result.isError, `${name} should have been refused`).toBe(true);
  return result.structuredContent as { error: string; code: string; status: number; errors: { field: string; message: string; code: string }[] };
};

/** A successful API call's body. */
const body = async (response: Promise<{ status: number; body: any; text: string }>) => {
  const answered = await response;
  expect(answered.status, answered.text.slice(0, 500)).toBeLessThan(300);
  return answered.body;
};

const withoutCursor = (answer: Record<string, unknown>) => Object.fromEntries(Object.entries(answer).filter(([key]) => key !== "next_cursor"));

/** Next month: its first and last day and its Saturdays, as dates (YYYY-MM-DD). */
const nextMonth = () => {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const days: string[] = [];
  for (const day = new Date(first); day.getUTCMonth() === first.getUTCMonth(); day.setUTCDate(day.getUTCDate() + 1)) days.push(day.toISOString().slice(0, 10));
  return { first: days[0]!, last: days.at(-1)!, saturdays: days.filter((day) => weekdayOf(day) === "saturday") };
};

/** A date `weeks` weeks from now at hh:00 UTC: in the future, clear of other tests' windows. */
const weeksAhead = (weeks: number, hour: number) => {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + weeks * 7);
  day.setUTCHours(hour, 0, 0, 0);
  return day.toISOString();
};

/** A free port on 127.0.0.1, closed again. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });

/** A mail server on 127.0.0.1 that keeps what it is given. */
const startSmtp = async (port: number) => {
  const received: { to: string; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(","), raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

/** A venue's pricing: a day rate for any space under the default plan, and a discount code. */
const priceVenue = async (accountId: number) => {
  const db = getDb();
  const [day] = await db.insert(rates).values({ accountId, name: "Day rate", unit: "day", amount: "2500.00", taxRate: "21" }).returning();
  const [plan] = await db.insert(pricingPlans).values({ accountId, name: "Standard", isDefault: true }).returning();
  await db.insert(pricingRules).values({ accountId, planId: plan!.id, name: "Every day", rateId: day!.id, priority: 1, isDefault: true });
  await db.insert(discountCodes).values({ accountId, name: "Friends 10%", code: "FRIENDS10", discountType: "percentage", value: "10" });
};

let team: Team;
let base: string;
let admin: McpCtx;
let agent: McpCtx;
let inboxId: number;
let contactId: number;
let conversationIds: number[];
let teamId: number;

beforeAll(async () => {
  team = await makeTeam();
  base = `/api/v1/accounts/${team.account.id}`;
  admin = await accountContext(getDb(), { kind: "user", user: team.admin.user }, team.account.id);
  agent = await accountContext(getDb(), { kind: "user", user: team.agent.user }, team.account.id);
  const token = team.admin.token;
  const inbox = await body(api.post(`${base}/inboxes`, { token, body: { name: "Website", channel: { type: "api" } } }));
  inboxId = inbox.id;
  await joinInbox(team.account.id, inboxId);
  const contact = await body(
    api.post(`${base}/contacts`, { token, body: { name: "Anna Jansen", email: "anna@example.test", inbox_id: inboxId, source_id: "anna-1" } }),
  );
  contactId = contact.payload.contact.id;
  conversationIds = [];
  for (const text of ["Is the hall free in June?", "Do you do vegan menus?", "Parking for 40 cars?"]) {
    const conversation = await body(api.post(`${base}/conversations`, { token, body: { inbox_id: inboxId, contact_id: contactId, message: { content: text } } }));
    conversationIds.push(conversation.id);
  }
  teamId = (await body(api.post(`${base}/teams`, { token, body: { name: "Sales" } }))).id;
  await body(api.post(`${base}/labels`, { token, body: { title: "vip" } }));
  await body(api.post(`${base}/canned_responses`, { token, body: { short_code: "thanks", content: "Thank you for your message!" } }));
  await priceVenue(team.account.id);
});

describe("conversations", () => {
  it("lists, searches and shows conversations exactly as the API does", async () => {
    const listed = await ok(admin, "list_conversations", { status: "all" });
    expect(withoutCursor(listed)).toEqual(await body(api.get(`${base}/conversations?status=all`, { token: team.admin.token })));
    expect(listed.next_cursor).toBeNull();

    const found = await ok(admin, "search_conversations", { q: "vegan" });
    expect(withoutCursor(found)).toEqual(await body(api.get(`${base}/conversations/search?q=vegan`, { token: team.admin.token })));
    expect(found.data.payload.map((conversation: { id: number }) => conversation.id)).toEqual([conversationIds[1]]);

    const id = conversationIds[0]!;
    const shown = await ok(admin, "get_conversation", { conversation_id: id });
    expect(shown.conversation).toEqual(await body(api.get(`${base}/conversations/${id}`, { token: team.admin.token })));
    expect(shown.messages).toEqual(await body(api.get(`${base}/conversations/${id}/messages`, { token: team.admin.token })));
    expect(shown.messages.payload[0].content).toBe("Is the hall free in June?");
  });

  it("replies, notes, resolves, assigns and labels: the API then shows each change", async () => {
    const id = conversationIds[0]!;
    const token = team.admin.token;
    const reply = await ok(agent, "send_message", { conversation_id: id, content: "Yes, June 13 is free." });
    const note = await ok(agent, "add_private_note", { conversation_id: id, content: "Customer is price sensitive" });
    const messages = (await body(api.get(`${base}/conversations/${id}/messages`, { token }))).payload;
    expect(messages.find((message: { id: number }) => message.id === reply.id)).toMatchObject({ message_type: 1, private: false, content: "Yes, June 13 is free." });
    expect(messages.find((message: { id: number }) => message.id === note.id)).toMatchObject({ message_type: 1, private: true });

    expect((await ok(agent, "toggle_status", { conversation_id: id, status: "resolved" })).payload).toMatchObject({ conversation_id: id, current_status: "resolved" });
    expect((await body(api.get(`${base}/conversations/${id}`, { token }))).status).toBe("resolved");

    const assigned = await ok(agent, "assign_conversation", { conversation_id: id, assignee_id: team.agent.user.id, team_id: teamId });
    expect(assigned.assignee.id).toBe(team.agent.user.id);
    expect(assigned.team.id).toBe(teamId);
    const meta = (await body(api.get(`${base}/conversations/${id}`, { token }))).meta;
    expect([meta.assignee.id, meta.team.id]).toEqual([team.agent.user.id, teamId]);
    expect(await ok(agent, "assign_conversation", { conversation_id: id, team_id: null })).toEqual({ team: null });
    expect((await body(api.get(`${base}/conversations/${id}`, { token }))).meta).toMatchObject({ team: null, assignee: { id: team.agent.user.id } });

    await body(api.post(`${base}/conversations/${id}/labels`, { token, body: { labels: ["vip"] } }));
    expect(await ok(agent, "add_labels", { conversation_id: id, labels: ["Wedding", "vip"] })).toEqual({ payload: ["vip", "wedding"] });
    expect(await body(api.get(`${base}/conversations/${id}/labels`, { token }))).toEqual({ payload: ["vip", "wedding"] });
  });

  it("walks a list page by page with next_cursor, to the end", async () => {
    const everything = (await body(api.get(`${base}/conversations?status=all`, { token: team.admin.token }))).data.payload.map((c: { id: number }) => c.id);
    process.env.CONVERSATION_RESULTS_PER_PAGE = "2";
    try {
      const seen: number[] = [];
      let cursor: string | null | undefined = undefined;
      for (let pages = 0; pages < 10; pages++) {
        const page: any = await ok(admin, "list_conversations", { status: "all", ...(cursor ? { cursor } : {}) });
        seen.push(...page.data.payload.map((c: { id: number }) => c.id));
        cursor = page.next_cursor;
        if (cursor === null) break;
      }
      expect(cursor).toBeNull();
      expect(seen).toEqual(everything);
    } finally {
      delete process.env.CONVERSATION_RESULTS_PER_PAGE;
    }
    const wrong = await refused(admin, "list_conversations", { cursor: "not-ours" });
    expect(wrong.errors[0]!.field).toBe("cursor");
  });
});

describe("contacts", () => {
  it("searches and shows contacts as the API does, with the customer's planning story", async () => {
    const found = await ok(agent, "search_contacts", { q: "jansen" });
    expect(withoutCursor(found)).toEqual(await body(api.get(`${base}/contacts/search?q=jansen`, { token: team.agent.token })));
    expect(found.next_cursor).toBeNull();

    const event = await ok(admin, "create_event", { name: "Jansen wedding", contact_id: contactId, attendees_count: 80 });
    const shown = await ok(agent, "get_contact", { contact_id: contactId });
    expect({ payload: shown.payload }).toEqual(await body(api.get(`${base}/contacts/${contactId}`, { token: team.agent.token })));
    expect(shown.story.events.map((e: { id: string }) => e.id)).toContain(event.id);
    expect(shown.story.total_events).toBeGreaterThanOrEqual(1);
  });

  it("creates and updates a contact: the API then shows it", async () => {
    const created = await ok(agent, "create_contact", { name: "Piet de Vries", email: "piet@example.test", inbox_id: inboxId });
    expect(created.payload.contact_inbox.inbox.id).toBe(inboxId);
    const id = created.payload.contact.id;
    await ok(agent, "update_contact", { contact_id: id, phone_number: "+31612345678", custom_attributes: { diet: "vegan" } });
    const shown = (await body(api.get(`${base}/contacts/${id}`, { token: team.admin.token }))).payload;
    expect(shown).toMatchObject({ name: "Piet de Vries", email: "piet@example.test", phone_number: "+31612345678", custom_attributes: { diet: "vegan" } });
    const taken = await refused(agent, "create_contact", { email: "piet@example.test" });
    expect(taken.status).toBe(422);
    expect(taken.errors[0]!.field).toBe("email");
  });
});

describe("directory and reports", () => {
  it("answers the directory's lists as the API does", async () => {
    const token = team.admin.token;
    expect(await ok(admin, "list_inboxes")).toEqual(await body(api.get(`${base}/inboxes`, { token })));
    expect(await ok(admin, "list_agents")).toEqual({ payload: await body(api.get(`${base}/agents`, { token })) });
    expect(await ok(admin, "list_teams")).toEqual({ payload: await body(api.get(`${base}/teams`, { token })) });
    expect(await ok(admin, "list_labels")).toEqual(await body(api.get(`${base}/labels`, { token })));
    expect(await ok(admin, "list_canned_responses", { search: "thank" })).toEqual({ payload: await body(api.get(`${base}/canned_responses?search=thank`, { token })) });
  });

  it("answers the v2 report summary and outgoing counts as the API does, for report_manage only", async () => {
    const until = Math.floor(Date.now() / 1000) + 60;
    const since = until - 7 * 86_400;
    const summary = await ok(admin, "get_report_summary", { since, until });
    expect(summary).toEqual(await body(api.get(`/api/v2/accounts/${team.account.id}/reports/summary?type=account&since=${since}&until=${until}`, { token: team.admin.token })));
    expect(summary.conversations_count).toBeGreaterThanOrEqual(3);
    const counts = await ok(admin, "get_outgoing_messages_count", { group_by: "agent", since, until });
    expect(counts).toEqual({
      payload: await body(api.get(`/api/v2/accounts/${team.account.id}/reports/outgoing_messages_count?group_by=agent&since=${since}&until=${until}`, { token: team.admin.token })),
    });
    expect(toolsFor(tools, agent.membership!, ["read", "write"]).map((tool) => tool.name)).not.toContain("get_report_summary");
    const forbidden = await refused(agent, "get_report_summary", {});
    expect(forbidden).toMatchObject({ status: 403, code: "forbidden" });
  });
});

describe("planning", () => {
  let hallId: string;

  beforeAll(async () => {
    const hall = await body(
      api.post(`${base}/spaces`, { token: team.admin.token, body: { space: { name: "Orangery", banquet: 90, theater: 120, timezone: "Europe/Amsterdam" } } }),
    );
    hallId = hall.id;
  });

  it("answers spaces, slots, validation and allocation lists as the API does", async () => {
    const token = team.agent.token;
    expect(await ok(agent, "list_spaces")).toEqual(await body(api.get(`${base}/spaces`, { token })));
    expect(await ok(agent, "get_space", { space_id: hallId })).toEqual(await body(api.get(`${base}/spaces/${hallId}`, { token })));

    const search = { duration_minutes: 240, start_date: weeksAhead(30, 0).slice(0, 10), end_date: weeksAhead(30, 0).slice(0, 10), attendees_count: 100, max_results: 5 };
    const slots = await ok(agent, "find_available_slots", search);
    expect(slots).toEqual(await body(api.post(`${base}/planning/allocations/find_available_slots`, { token, body: search })));
    expect(slots.slots).toHaveLength(5);

    const window = { space_id: hallId, start_at: weeksAhead(31, 10), end_at: weeksAhead(31, 14) };
    expect(await ok(agent, "validate_allocation", window)).toEqual(await body(api.post(`${base}/planning/allocations/validate`, { token, body: window })));

    const hold = await ok(admin, "place_hold", { ...window, title: "Option for Jansen" });
    expect(hold).toMatchObject({ status: "tentative", sequence: 1, space_id: hallId });
    const listed = await ok(agent, "list_allocations", { start_at: weeksAhead(31, 0), end_at: weeksAhead(32, 0) });
    const query = new URLSearchParams({ start_at: weeksAhead(31, 0), end_at: weeksAhead(32, 0) });
    expect(listed).toEqual(await body(api.get(`${base}/planning/allocations?${query}`, { token })));
    expect(listed.allocations.map((allocation: { id: string }) => allocation.id)).toEqual([hold.id]);
  });

  it("holds, confirms and cancels: the API then shows each change", async () => {
    const window = { space_id: hallId, start_at: weeksAhead(33, 10), end_at: weeksAhead(33, 14) };
    const hold = await ok(admin, "place_hold", window);
    expect((await body(api.get(`${base}/planning/allocations/${hold.id}`, { token: team.admin.token }))).status).toBe("tentative");
    expect((await ok(admin, "confirm_allocation", { allocation_id: hold.id })).status).toBe("confirmed");
    expect((await body(api.get(`${base}/planning/allocations/${hold.id}`, { token: team.admin.token }))).status).toBe("confirmed");
    expect((await ok(admin, "cancel_allocation", { allocation_id: hold.id })).status).toBe("cancelled");
    expect((await body(api.get(`${base}/planning/allocations/${hold.id}`, { token: team.admin.token }))).status).toBe("cancelled");
  });

  it("refuses confirming a hold over a confirmed booking (409) with the API's message", async () => {
    const window = { space_id: hallId, start_at: weeksAhead(34, 10), end_at: weeksAhead(34, 14) };
    const first = await ok(admin, "place_hold", window);
    const second = await ok(admin, "place_hold", { ...window, start_at: weeksAhead(34, 12), end_at: weeksAhead(34, 16) });
    await ok(admin, "confirm_allocation", { allocation_id: second.id });
    const refusal = await refused(admin, "confirm_allocation", { allocation_id: first.id });
    const answered = await api.patch(`${base}/planning/allocations/${first.id}`, { token: team.admin.token, body: { allocation: { status: "confirmed" } } });
    expect(answered.status).toBe(409);
    expect(refusal).toMatchObject({ status: 409, code: "conflict", error: answered.body.description, errors: answered.body.errors });
    expect(refusal.errors[0]!.message).toBe(`overlaps confirmed allocation ${second.id}`);
  });

  it("creates an event with its allocations in one go, and shows events as the API does", async () => {
    const created = await ok(admin, "create_event", {
      name: "Company dinner",
      contact_id: contactId,
      attendees_count: 60,
      allocations: [{ space_id: hallId, start_at: weeksAhead(35, 17), end_at: weeksAhead(35, 22) }],
    });
    expect(created.allocation_ids).toHaveLength(1);
    const shown = await ok(agent, "get_event", { event_id: created.id });
    expect(shown.event).toEqual(await body(api.get(`${base}/planning/events/${created.id}`, { token: team.agent.token })));
    expect(shown.quotes).toEqual(await body(api.get(`${base}/planning/events/${created.id}/quotes`, { token: team.agent.token })));
    const listed = await ok(agent, "list_events", { q: "dinner" });
    expect(withoutCursor(listed)).toEqual(await body(api.get(`${base}/planning/events?q=dinner`, { token: team.agent.token })));

    // All or nothing: the second allocation overlaps the first's confirmed booking.
    const window = { space_id: hallId, start_at: weeksAhead(36, 17), end_at: weeksAhead(36, 22), status: "confirmed" };
    const failed = await refused(admin, "create_event", { name: "Clash", allocations: [window, window] });
    expect(failed.status).toBe(409);
    expect((await ok(agent, "list_events", { q: "clash" })).events).toEqual([]);
  });

  it("walks the events list to its end with next_cursor", async () => {
    const { count } = (await body(api.get(`${base}/planning/events`, { token: team.admin.token }))).meta;
    for (let i = count; i < 27; i++) await ok(admin, "create_event", { name: `Filler ${i}` });
    const total = Math.max(count, 27);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: any = await ok(agent, "list_events", cursor ? { cursor } : {});
      seen.push(...page.events.map((event: { id: string }) => event.id));
      cursor = page.next_cursor;
      pages++;
    } while (cursor !== null && pages < 10);
    expect(pages).toBe(2);
    expect(new Set(seen).size).toBe(total);
  });
});

describe("pricing and quotes", () => {
  let eventId: string;

  beforeAll(async () => {
    const space = await body(api.post(`${base}/spaces`, { token: team.admin.token, body: { space: { name: "Loft", banquet: 50 } } }));
    const event = await body(
      api.post(`${base}/planning/events`, {
        token: team.admin.token,
        body: { event: { name: "Loft party", contact_id: contactId, attendees_count: 40 }, allocations: [{ space_id: space.id, start_at: weeksAhead(40, 18), end_at: weeksAhead(40, 23) }] },
      }),
    );
    eventId = event.id;
  });

  it("answers rates, plans and discount codes as the API does", async () => {
    const token = team.agent.token;
    expect(await ok(agent, "list_rates")).toEqual({ payload: await body(api.get(`${base}/planning/rates`, { token })) });
    expect(await ok(agent, "list_pricing_plans")).toEqual({ payload: await body(api.get(`${base}/planning/pricing-plans`, { token })) });
    expect(await ok(agent, "list_discount_codes")).toEqual({ payload: await body(api.get(`${base}/planning/discount-codes`, { token })) });
  });

  it("creates, changes, shows, revises and withdraws quotes: the API then shows each change", async () => {
    const quotes = `${base}/planning/events/${eventId}/quotes`;
    const token = team.admin.token;
    const draft = await ok(admin, "create_quote", { event_id: eventId, name: "Loft party", customer_email: "anna@example.test" });
    expect(draft).toMatchObject({ status: "draft", version: 1, total_excl_tax: 2500, total_tax: 525, total_incl_tax: 3025 });
    const changed = await ok(admin, "update_quote", { event_id: eventId, quote_id: draft.id, po_number: "PO-9" });
    expect(changed.po_number).toBe("PO-9");
    expect(await ok(agent, "get_quote", { event_id: eventId, quote_id: draft.id })).toEqual(await body(api.get(`${quotes}/${draft.id}`, { token })));

    // An invalid transition: a draft cannot be withdrawn (422), as the API says.
    const refusal = await refused(admin, "withdraw_quote", { event_id: eventId, quote_id: draft.id });
    const answered = await api.post(`${quotes}/${draft.id}/withdraw`, { token });
    expect(answered.status).toBe(422);
    expect(refusal).toMatchObject({ status: 422, code: "invalid_transition", error: answered.body.description });

    const sent = await ok(admin, "send_quote", { event_id: eventId, quote_id: draft.id, delivery_mode: "manual" });
    expect(sent).toMatchObject({ status: "sent", delivery: null });
    expect((await refused(admin, "update_quote", { event_id: eventId, quote_id: draft.id, po_number: "PO-10" })).code).toBe("invalid_transition");
    const revision = await ok(admin, "revise_quote", { event_id: eventId, quote_id: draft.id });
    expect(revision).toMatchObject({ status: "draft", version: 2, po_number: "PO-9" });
    expect((await body(api.get(`${quotes}/${draft.id}`, { token }))).status).toBe("superseded");
    await ok(admin, "send_quote", { event_id: eventId, quote_id: revision.id, delivery_mode: "manual" });
    expect((await ok(admin, "withdraw_quote", { event_id: eventId, quote_id: revision.id })).status).toBe("withdrawn");
    expect((await body(api.get(quotes, { token }))).payload.map((quote: { status: string }) => quote.status)).toEqual(["withdrawn", "superseded"]);
  });

  it("keeps the quote tools from an agent without quote_manage, and the service refuses them all the same", async () => {
    const listed = toolsFor(tools, agent.membership!, ["read", "write"]).map((tool) => tool.name);
    for (const name of ["create_quote", "update_quote", "send_quote", "revise_quote", "withdraw_quote"]) expect(listed).not.toContain(name);
    expect(listed).toEqual(expect.arrayContaining(["get_quote", "list_rates", "list_pricing_plans", "list_discount_codes"]));
    expect(await refused(agent, "create_quote", { event_id: eventId })).toMatchObject({ status: 403, error: "This action needs the quote_manage permission" });
  });
});

describe("refusals", () => {
  it("answers bad input with the field errors: an unknown key, NUL in a string, a date that is not ISO 8601", async () => {
    const unknown = await refused(admin, "get_conversation", { conversation_id: conversationIds[0], include: "everything" });
    expect(unknown).toMatchObject({ status: 422, code: "invalid" });
    expect(unknown.errors[0]!.message).toContain("include");

    const nul = await refused(admin, "send_message", { conversation_id: conversationIds[0], content: "Hello\u0000there" });
    expect(nul.errors).toEqual([expect.objectContaining({ field: "content" })]);

    const notIso = await refused(admin, "list_allocations", { start_at: "next saturday", end_at: "2027-01-01T00:00:00Z" });
    expect(notIso.errors).toEqual([expect.objectContaining({ field: "start_at", message: expect.stringContaining("ISO 8601") })]);

    const blank = await refused(admin, "send_message", { conversation_id: conversationIds[0], content: "   " });
    expect(blank.errors).toEqual([expect.objectContaining({ field: "content", message: "can't be blank" })]);

    const backwards = await refused(admin, "place_hold", { space_id: "00000000-0000-4000-8000-000000000000", start_at: "2027-01-01T12:00:00Z", end_at: "2027-01-01T10:00:00Z" });
    expect(backwards.errors).toEqual([expect.objectContaining({ field: "end_at", message: "must be after start_at" })]);
  });

  it("answers another account's records as not found", async () => {
    const other = await makeTeam();
    const otherBase = `/api/v1/accounts/${other.account.id}`;
    const contact = await body(api.post(`${otherBase}/contacts`, { token: other.admin.token, body: { name: "Elsewhere" } }));
    const space = await body(api.post(`${otherBase}/spaces`, { token: other.admin.token, body: { space: { name: "Elsewhere hall" } } }));
    const event = await body(api.post(`${otherBase}/planning/events`, { token: other.admin.token, body: { event: { name: "Elsewhere event" } } }));
    expect(await refused(admin, "get_contact", { contact_id: contact.payload.contact.id })).toMatchObject({ status: 404, code: "not_found" });
    expect(await refused(admin, "get_space", { space_id: space.id })).toMatchObject({ status: 404, code: "not_found" });
    expect(await refused(admin, "get_event", { event_id: event.id })).toMatchObject({ status: 404, code: "not_found" });
    expect(await refused(admin, "create_quote", { event_id: event.id })).toMatchObject({ status: 404, code: "not_found" });
  });
});

describe("an assistant's job, through MCP alone", () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let venue: Team;
  let planner: McpCtx;
  let server: TestServer;
  let client: Client;

  /** A tool called the way an assistant calls it: JSON-RPC over HTTP with the MCP SDK's client. */
  const mcp = async (name: string, args: Record<string, unknown> = {}) => {
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    return json(result.structuredContent);
  };

  beforeAll(async () => {
    const port = await freePort();
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    smtp = await startSmtp(port);
    venue = await makeTeam();
    planner = await accountContext(getDb(), { kind: "user", user: venue.admin.user }, venue.account.id);
    const venueBase = `/api/v1/accounts/${venue.account.id}`;
    // Open Friday to Sunday: only the weekday filter narrows the search to Saturdays.
    const evening = { open: "10:00", close: "24:00" };
    const schedule = { friday: evening, saturday: evening, sunday: evening };
    for (const space of [
      { name: "Garden room", banquet: 40, position: 1 },
      { name: "Grand Hall", banquet: 150, theater: 200, position: 2 },
    ]) {
      await body(
        api.post(`${venueBase}/spaces`, {
          token: venue.admin.token,
          body: { space: { ...space, timezone: "Europe/Amsterdam", working_hours_enabled: true, schedule } },
        }),
      );
    }
    await priceVenue(venue.account.id);
    server = await startServer();
    client = new Client({ name: "assistant", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/api/v1/accounts/${venue.account.id}/mcp`), { requestInit: { headers: { api_access_token: venue.admin.token } } }),
    );
  });

  afterAll(async () => {
    delete process.env.SMTP_URL;
    await client.close();
    await server.close();
    await smtp.close();
  });

  it("finds Saturdays for 120 guests next month, holds one, makes the event with the hold, quotes it with an optional line and emails it", async () => {
    const month = nextMonth();
    const search = {
      duration_minutes: 360,
      start_date: month.first,
      end_date: month.last,
      start_time: "17:00",
      end_time: "24:00",
      attendees_count: 120,
      interval_minutes: 60,
    };
    // 1. One search for the whole month, Saturdays only.
    const found = await mcp("find_available_slots", { ...search, weekdays: ["saturday"] });
    const offers: { space_id: string; start_at: string; end_at: string }[] = found.slots;
    // Only the Grand Hall seats 120; 17:00–23:00 and 18:00–24:00 each Saturday, Amsterdam time.
    const { spaces } = await mcp("list_spaces");
    const grandHall = spaces.find((space: { name: string }) => space.name === "Grand Hall");
    expect(offers).toHaveLength(month.saturdays.length * 2);
    expect(new Set(offers.map((slot) => slot.space_id))).toEqual(new Set([grandHall.id]));
    expect(new Set(offers.map((slot) => localDateOf(new Date(slot.start_at), "Europe/Amsterdam")))).toEqual(new Set(month.saturdays));
    // Fridays and Sundays are open too: without the filter they come back as well.
    expect((await mcp("find_available_slots", search)).slots.length).toBeGreaterThan(offers.length);
    const chosen = offers[0]!;

    // 2. A hold before there is an event.
    const hold = await mcp("place_hold", { space_id: chosen.space_id, start_at: chosen.start_at, end_at: chosen.end_at, title: "Wedding" });
    expect(hold).toMatchObject({ status: "tentative", event_id: null, start_at: chosen.start_at, space_id: grandHall.id });

    // 3. The event, taking the hold in.
    const customer = await mcp("create_contact", { name: "Bram Jansen", email: "bram@example.test" });
    const event = await mcp("create_event", {
      name: "Jansen wedding",
      contact_id: customer.payload.contact.id,
      attendees_count: 120,
      allocation_ids: [hold.id],
    });
    expect(event).toMatchObject({ allocation_ids: [hold.id], start_at: chosen.start_at, end_at: chosen.end_at });
    const [attached] = (await mcp("list_allocations", { start_at: chosen.start_at, end_at: chosen.end_at, event_id: event.id })).allocations;
    expect(attached).toMatchObject({ id: hold.id, event_id: event.id, status: "tentative", sequence: hold.sequence, expires_at: hold.expires_at });

    // 4. The quote prices the held space and offers an optional line.
    const quote = await mcp("create_quote", {
      event_id: event.id,
      name: "Wedding, 120 guests",
      overrides: { optional_lines: [{ key: "champagne", name: "Champagne reception", unit_price: "12.50", quantity: 120, tax_rate: "21", category: "catering" }] },
    });
    expect(quote).toMatchObject({ status: "draft", total_excl_tax: 2500, total_incl_tax: 3025, selected_optional_keys: [] });
    expect(quote.breakdown.lines).toEqual([expect.objectContaining({ allocation_id: hold.id, space_id: grandHall.id, net: 2500 })]);
    expect(quote.breakdown.optional_lines).toEqual([expect.objectContaining({ key: "champagne", selected: false, net: 1500 })]);
    expect(quote.customer).toMatchObject({ name: "Bram Jansen", email: "bram@example.test" });
    // The documented Quote names every member the API answers, with its type.
    const strictQuote = z.strictObject(ZQuote.shape).safeParse(quote);
    expect(strictQuote.success, JSON.stringify(strictQuote.error?.issues)).toBe(true);

    // 5. Sent by email.
    const sent = await mcp("send_quote", { event_id: event.id, quote_id: quote.id, subject: "Your wedding at the Grand Hall" });
    expect(sent.status).toBe("sent");
    expect(sent.delivery).toMatchObject({ status: "sent", attempts: 1 });
    const strictSent = z.strictObject(ZSentQuote.shape).safeParse(sent);
    expect(strictSent.success, JSON.stringify(strictSent.error?.issues)).toBe(true);
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toBe("bram@example.test");
    expect(mail.raw).toContain("Subject: Your wedding at the Grand Hall");
    expect(mail.raw).toContain(`/q/${quote.public_token}`);
    const shown = await mcp("get_quote", { event_id: event.id, quote_id: quote.id });
    expect(shown.status).toBe("sent");
    expect(shown.breakdown.lines.map((line: { space_id: string }) => line.space_id)).toEqual([grandHall.id]);
  });

  it("refuses to attach a hold of another account or of another event, and creates nothing", async () => {
    const other = await makeTeam();
    const theirs = await body(api.post(`/api/v1/accounts/${other.account.id}/spaces`, { token: other.admin.token, body: { space: { name: "Their hall" } } }));
    const theirHold = await body(
      api.post(`/api/v1/accounts/${other.account.id}/planning/allocations`, {
        token: other.admin.token,
        body: { allocation: { space_id: theirs.id, start_at: weeksAhead(45, 10), end_at: weeksAhead(45, 12) } },
      }),
    );
    const foreign = await refused(planner, "create_event", { name: "Refused wedding", allocation_ids: [theirHold.id] });
    expect(foreign).toMatchObject({ status: 422, errors: [{ field: "allocation_ids.0", message: "is not an allocation of this account", code: "invalid" }] });

    const { spaces } = await ok(planner, "list_spaces");
    const hold = await ok(planner, "place_hold", { space_id: spaces[0].id, start_at: weeksAhead(45, 10), end_at: weeksAhead(45, 12) });
    const owner = await ok(planner, "create_event", { name: "First event", allocation_ids: [hold.id] });
    const elsewhere = await refused(planner, "create_event", { name: "Refused wedding", allocation_ids: [hold.id] });
    expect(elsewhere).toMatchObject({ status: 422, errors: [{ field: "allocation_ids.0", message: `belongs to another event (${owner.id})`, code: "taken" }] });
    const answered = await api.post(`/api/v1/accounts/${venue.account.id}/planning/events`, {
      token: venue.admin.token,
      body: { event: { name: "Refused wedding" }, allocation_ids: [hold.id] },
    });
    expect(answered.status).toBe(422);
    expect(elsewhere).toMatchObject({ error: answered.body.description, errors: answered.body.errors });
    expect((await ok(planner, "list_events", { q: "refused" })).events).toEqual([]);
  });
});
