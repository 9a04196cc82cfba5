import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { discountCodes, planningResources, spaces } from "@/db/schema";
import { accountContext, type AccountCtx, type UserCaller } from "@/lib/auth/caller";
import { setPlanningClock } from "@/lib/planning/clock";
import { createEventWithAllocations } from "@/lib/planning/events/create-event-with-allocations";
import { ZCreateEventRequest } from "@/lib/planning/events/schemas";
import { makeTeam } from "../helpers/factories";

/*
 * The quote editor's and the customer's page's server actions, through the portal's wrappers, on
 * the real database with the real services; only what Next.js provides around a server action
 * (the session, the request headers, the page cache) is stood in for.
 */

const session = vi.hoisted(() => ({ ctx: null as unknown, revalidated: [] as string[] }));

vi.mock("@/lib/auth/session", () => ({
  portalContext: async (accountId: number | string) => {
    const ctx = session.ctx as AccountCtx<UserCaller>;
    if (Number(accountId) !== ctx.account.id) {
      const { notFound } = await import("next/navigation");
      notFound();
    }
    return ctx;
  },
}));
vi.mock("next/headers", () => ({ headers: async () => new Headers({ "x-forwarded-for": "127.0.0.1", "user-agent": "Quote test browser" }) }));
vi.mock("next/cache", () => ({ revalidatePath: (path: string) => session.revalidated.push(path) }));

const { acceptQuoteAction, createQuoteAction, rejectQuoteAction, sendQuoteAction, updateQuoteAction } = await import("@/lib/portal/actions/quotes");
const { acceptAction, priceSelectionAction, rejectAction } = await import("@/lib/portal/actions/public-quote");
const { eventPageData } = await import("@/lib/portal/loaders/events");
const { findEvent } = await import("@/lib/planning/events/events");
const { idleState } = await import("@/lib/portal/form-state");
const { publicQuote } = await import("@/lib/quotes/public-page");

let ctx: AccountCtx<UserCaller>;
let accountId: number;
let lastDay: number;

/** An event in a hall in Auckland, booked outright, so no hold lapses whatever the clock says. */
const newEvent = async () => {
  const db = getDb();
  const [resource] = await db.insert(planningResources).values({ accountId }).returning();
  const [hall] = await db.insert(spaces).values({ accountId, resourceId: resource!.id, name: "Harbour Hall", timezone: "Pacific/Auckland" }).returning();
  const request = ZCreateEventRequest.parse({
    name: "Harbour dinner",
    attendees_count: 40,
    allocations: [{ space_id: hall!.id, start_at: "2030-02-01T18:00:00+13:00", end_at: "2030-02-01T23:00:00+13:00", status: "confirmed" }],
  });
  return (await createEventWithAllocations(ctx, request)).id;
};

const form = (fields: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) data.append(name, item);
  return data;
};

beforeAll(async () => {
  const team = await makeTeam();
  accountId = team.account.id;
  ctx = await accountContext(getDb(), { kind: "user", user: team.admin.user }, accountId);
  session.ctx = ctx;
  const [code] = await getDb()
    .insert(discountCodes)
    .values({ accountId, name: "Last day", code: "LASTDAY", discountType: "percentage", value: "10", validUntil: "2029-03-01" })
    .returning();
  lastDay = code!.id;
});

beforeEach(() => {
  session.revalidated = [];
});

afterEach(() => {
  setPlanningClock(null);
  delete process.env.RATE_LIMIT_PUBLIC_QUOTE_PRICING;
});

describe("the quote editor's actions", () => {
  it("answer the event's versions and which to show; an id that does not parse is not found", async () => {
    const eventId = await newEvent();
    expect(await createQuoteAction(accountId, "not-an-event", {})).toMatchObject({ ok: false, code: "not_found" });
    const created = await createQuoteAction(accountId, eventId, { name: "Dinner" });
    expect(created).toMatchObject({ ok: true, message: "Quote created." });
    if (!created.ok) return;
    expect(created.quotes.map((quote) => quote.id)).toEqual([created.selectedId]);
    expect(await updateQuoteAction(accountId, eventId, "12abc" as unknown as number, { name: "x" })).toMatchObject({ ok: false, code: "not_found" });
  });

  it("refuse a bad line with its field path, and a rejection without a reason beside the reason", async () => {
    const eventId = await newEvent();
    const created = await createQuoteAction(accountId, eventId, {});
    if (!created.ok) throw new Error(created.message);
    const quoteId = created.selectedId;
    const bad = await updateQuoteAction(accountId, eventId, quoteId, { overrides: { additional_lines: [{ name: "", unit_price: "12.5" }] } });
    expect(bad).toMatchObject({ ok: false, code: "invalid", errors: { "overrides.additional_lines.0.name": "Can't be blank" } });

    const sent = await sendQuoteAction(accountId, eventId, quoteId, { delivery_mode: "manual" });
    expect(sent).toMatchObject({ ok: true, message: "Quote marked as sent." });
    expect(await rejectQuoteAction(accountId, eventId, quoteId, { rejection_reason: " " })).toMatchObject({ ok: false, errors: { rejection_reason: "Can't be blank" } });
    expect(session.revalidated).toEqual([]);
    const accepted = await acceptQuoteAction(accountId, eventId, quoteId, { acceptance_reason: "By phone" });
    expect(accepted).toMatchObject({ ok: true, message: "Quote accepted: the event's holds are now bookings." });
    // Only an acceptance changes the rest of the event page.
    expect(session.revalidated).toEqual([`/app/accounts/${accountId}/planning/events/${eventId}`]);
  });

  it("judge a discount code's last day where the venue is: until midnight in Auckland, not in UTC", async () => {
    const eventId = await newEvent();
    const created = await createQuoteAction(accountId, eventId, {});
    if (!created.ok) throw new Error(created.message);
    const usable = async () => (await eventPageData(ctx, await findEvent(ctx, eventId))).quotes.discountCodes.find((code) => code.id === lastDay)?.unusable;

    // 23:30 on 1 March in Auckland (10:30 UTC): the code's last day.
    setPlanningClock(() => new Date("2029-03-01T10:30:00Z"));
    expect(await usable()).toBeNull();
    expect(await updateQuoteAction(accountId, eventId, created.selectedId, { discount_code_ids: [lastDay] })).toMatchObject({ ok: true });

    // 00:30 on 2 March in Auckland, still 1 March in UTC: expired for the editor and the service alike.
    setPlanningClock(() => new Date("2029-03-01T11:30:00Z"));
    expect(await usable()).toBe("expired on 2029-03-01");
    expect(await updateQuoteAction(accountId, eventId, created.selectedId, { discount_code_ids: [lastDay] })).toMatchObject({
      ok: false,
      errors: { "discount_code_ids.0": "(LASTDAY) expired on 2029-03-01" },
    });
  });
});

describe("the customer's actions", () => {
  const sentQuote = async () => {
    const eventId = await newEvent();
    const created = await createQuoteAction(accountId, eventId, {});
    if (!created.ok) throw new Error(created.message);
    const sent = await sendQuoteAction(accountId, eventId, created.selectedId, { delivery_mode: "manual" });
    if (!sent.ok) throw new Error(sent.message);
    return new URL(sent.quotes[0]!.public_url, "http://localhost").pathname.split("/").pop()!;
  };

  it("price a choice, and answer a link that names no quote in the customer's words", async () => {
    const token = await sentQuote();
    expect(await priceSelectionAction(token, [])).toMatchObject({ ok: true, pricing: { totals: { total: { label: "Total incl. tax" } } } });
    const message = "This quote could not be found. Please check the link in your email.";
    expect(await priceSelectionAction("short", [])).toMatchObject({ ok: false, code: "not_found", message });
    expect(await priceSelectionAction("x".repeat(32), [])).toMatchObject({ ok: false, code: "not_found", message });
  });

  it("keep what was typed beside the name, accept once, and say so when the quote changed under the customer", async () => {
    const token = await sentQuote();
    const unnamed = await acceptAction(token, idleState, form({ full_name: " M " }));
    expect(unnamed).toMatchObject({ status: "error", errors: { full_name: "Please type your full name." }, values: { full_name: " M " } });

    expect(await acceptAction(token, idleState, form({ full_name: "Maria Jansen" }))).toMatchObject({ status: "success", message: "Thank you: the quote is accepted." });
    expect(session.revalidated).toContain(`/q/${token}`);

    // A second acceptance (another tab) changes nothing: the first one stands.
    expect(await acceptAction(token, idleState, form({ full_name: "Someone Else" }))).toMatchObject({ status: "success" });
    expect(await publicQuote(getDb(), token)).toMatchObject({ status: "accepted", acceptedByName: "Maria Jansen", acceptedUserAgent: "Quote test browser" });

    const declined = await rejectAction(token, idleState, form({ reason: "Too late" }));
    expect(declined).toMatchObject({
      status: "error",
      message: "This quote has already been accepted, so it can no longer be declined.",
      data: { changed: "1" },
      values: { reason: "Too late" },
    });
  });

  it("refuse a declining without a reason beside the reason, and an option the quote does not offer", async () => {
    const token = await sentQuote();
    expect(await rejectAction(token, idleState, form({ reason: "  " }))).toMatchObject({ status: "error", errors: { reason: "Please tell us why you are declining." } });
    expect(await acceptAction(token, idleState, form({ full_name: "Maria Jansen", selected_optional_keys: ["x".repeat(201)] }))).toMatchObject({
      status: "error",
      message: "One of the options you picked is no longer offered. Please reload the page and try again.",
      errors: {},
    });
  });

  it("refuse a hand-made call that sends something else in the form's place, leaving the quote open", async () => {
    const token = await sentQuote();
    for (const notAForm of [undefined, null, "full_name=Maria", { full_name: "Maria Jansen" }, [], { get: () => "Maria Jansen", getAll: () => [] }]) {
      expect(await acceptAction(token, idleState, notAForm as unknown as FormData)).toMatchObject({ status: "error", message: "Something went wrong. Please try again in a moment." });
      expect(await rejectAction(token, idleState, notAForm as unknown as FormData)).toMatchObject({ status: "error" });
    }
    expect(await publicQuote(getDb(), token)).toMatchObject({ status: "sent", acceptedByName: null });
    expect(session.revalidated).toEqual([]);
  });

  it("count calls per client address and say how long to wait", async () => {
    const token = await sentQuote();
    process.env.RATE_LIMIT_PUBLIC_QUOTE_PRICING = "2/3600";
    await priceSelectionAction(token, []);
    await priceSelectionAction(token, []);
    expect(await priceSelectionAction(token, [])).toMatchObject({
      ok: false,
      code: "rate_limited",
      message: expect.stringMatching(/^Too many attempts from your network\. Please wait \d+ minutes? and try again\.$/),
    });
  });
});
