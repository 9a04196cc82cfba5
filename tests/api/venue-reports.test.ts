import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { allocations, planningEvents, planningResources, quotes, spaces, type PlanningEventStatus } from "@/db/schema";
import { sweepExpiredHolds } from "@/lib/planning/allocations/sweep-expired-holds";
import { setPlanningClock } from "@/lib/planning/clock";
import { quoteByToken } from "@/lib/quotes/transitions";
import { api } from "../helpers/app";
import { makeTeam } from "../helpers/factories";

/*
 * One venue in London, every figure computed by hand below. The Grand Hall contains Hall A and
 * Hall B; the Studio stands alone, open Monday to Friday 09:00-17:00. The week of Monday
 * 23 March 2026 is the one the clocks go forward in (167 hours); London is on GMT until then, so
 * the UTC times below are local times too, until 29 March. In April and May London is UTC+1.
 */

type Team = Awaited<ReturnType<typeof makeTeam>>;
type Space = typeof spaces.$inferSelect;
let team: Team;
let other: Team;
let grand: Space, hallA: Space, hallB: Space, studio: Space, foreign: Space;

const db = () => getDb();
const v2 = (team: Team) => `/api/v2/accounts/${team.account.id}/reports/planning`;
const report = (name: string, query: string, token = team.admin.token) => api.get(`${v2(team)}/${name}?${query}`, { token });
const token = () => randomBytes(16).toString("hex");
/** The range the conversion reports are read over, as they echo it. */
const march = { since: "2026-03-01", until: "2026-03-31", timezone: "Europe/London" };

const makeSpace = async (accountId: number, fields: Partial<typeof spaces.$inferInsert> & { name: string }) => {
  const [resource] = await db().insert(planningResources).values({ accountId }).returning();
  const [space] = await db()
    .insert(spaces)
    .values({ accountId, resourceId: resource!.id, timezone: "Europe/London", ...fields })
    .returning();
  return space!;
};

const book = async (owner: Team, body: Record<string, unknown>) => {
  const created = await api.post(`/api/v1/accounts/${owner.account.id}/planning/allocations`, { token: owner.admin.token, body: { allocation: body } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.id as string;
};
const patch = async (id: string, body: Record<string, unknown>) => {
  const updated = await api.patch(`/api/v1/accounts/${team.account.id}/planning/allocations/${id}`, { token: team.admin.token, body: { allocation: body } });
  expect(updated.status, JSON.stringify(updated.body)).toBe(200);
};
const row = async (id: string) => (await db().select().from(allocations).where(eq(allocations.id, id)))[0]!;

/** An event dated by one allocation written straight to the table (no occupancy: these days are in no occupancy query). */
const makeEvent = async (owner: Team, status: PlanningEventStatus, currency: string, space: Space, startAt: string) => {
  const [event] = await db().insert(planningEvents).values({ accountId: owner.account.id, name: `${status} ${startAt}`, status, currency }).returning();
  const start = new Date(startAt);
  await db()
    .insert(allocations)
    .values({ accountId: owner.account.id, spaceId: space.id, resourceId: space.resourceId, eventId: event!.id, startAt: start, endAt: new Date(start.getTime() + 3_600_000), status: "confirmed" });
  return event!;
};

type Line = { space?: Space; category: string; net: string; discount: string; tax: string; total: string; selected?: boolean };
const line = (l: Line, key: string) => ({
  key,
  name: key,
  category: l.category,
  quantity: "1",
  unit: "fixed",
  unit_price: l.net,
  tax_rate: "21",
  net: l.net,
  discount: l.discount,
  tax: l.tax,
  total: l.total,
  ...(l.space ? { space_id: l.space.id } : {}),
  ...(l.selected !== undefined ? { selected: l.selected } : {}),
});
const makeQuote = async (
  event: typeof planningEvents.$inferSelect,
  fields: { version: number; status: (typeof quotes.$inferInsert)["status"]; totals: [string, string, string]; sentAt?: string; acceptedAt?: string; validUntil?: string; views?: number },
  lines: { lines?: Line[]; additional?: Line[]; optional?: Line[] } = {},
) => {
  const [excl, tax, incl] = fields.totals;
  const [quote] = await db()
    .insert(quotes)
    .values({
      accountId: event.accountId,
      planningEventId: event.id,
      version: fields.version,
      status: fields.status,
      currency: event.currency,
      totalExclTax: excl,
      totalTax: tax,
      totalInclTax: incl,
      breakdown: {
        lines: (lines.lines ?? []).map((l, i) => line(l, `line${i}`)),
        additional_lines: (lines.additional ?? []).map((l, i) => line(l, `extra${i}`)),
        optional_lines: (lines.optional ?? []).map((l, i) => line(l, `option${i}`)),
        total_excl_tax: excl,
        total_tax: tax,
        total_incl_tax: incl,
      },
      snapshot: { timezone: "Europe/London" },
      publicToken: token(),
      quoteSentAt: fields.sentAt ? new Date(fields.sentAt) : null,
      acceptedAt: fields.acceptedAt ? new Date(fields.acceptedAt) : null,
      validUntil: fields.validUntil ?? null,
      viewCount: fields.views ?? 0,
    })
    .returning();
  return quote!;
};

/** Places the allocation's history at known instants. */
const pin = (id: string, times: { created: string; confirmed?: string; changed?: string }) =>
  db().execute(sql`
    update allocations set created_at = ${times.created}::timestamptz,
      confirmed_at = coalesce(${times.confirmed ?? null}::timestamptz, confirmed_at), status_changed_at = coalesce(${times.changed ?? null}::timestamptz, status_changed_at)
    where id = ${id}`);

let sentQuote: typeof quotes.$inferSelect;
let acceptedQuote: typeof quotes.$inferSelect;

beforeAll(async () => {
  team = await makeTeam();
  other = await makeTeam();
  const accountId = team.account.id;
  grand = await makeSpace(accountId, { name: "Grand Hall", position: 0 });
  hallA = await makeSpace(accountId, { name: "Hall A", parentId: grand.id, venueId: grand.id, position: 1 });
  hallB = await makeSpace(accountId, { name: "Hall B", parentId: grand.id, venueId: grand.id, position: 2 });
  const weekdays = Object.fromEntries(["monday", "tuesday", "wednesday", "thursday", "friday"].map((day) => [day, { open: "09:00", close: "17:00" }]));
  studio = await makeSpace(accountId, { name: "Studio", position: 3, workingHoursEnabled: true, schedule: weekdays, tentativeExpiryMinutes: 60 });
  foreign = await makeSpace(other.account.id, { name: "Elsewhere", position: 0 });

  // Occupancy, week of 23 March 2026 (167 hours).
  await book(team, { space_id: grand.id, start_at: "2026-03-24T10:00:00Z", end_at: "2026-03-24T18:00:00Z", status: "confirmed" });
  await book(team, { space_id: hallA.id, start_at: "2026-03-26T10:00:00Z", end_at: "2026-03-26T14:00:00Z", status: "confirmed" });
  await book(team, { space_id: hallB.id, start_at: "2026-03-26T12:00:00Z", end_at: "2026-03-26T16:00:00Z", status: "confirmed" });
  await book(team, { space_id: hallA.id, start_at: "2026-03-27T09:00:00Z", end_at: "2026-03-27T12:00:00Z" });
  await book(team, { space_id: studio.id, start_at: "2026-03-23T16:00:00Z", end_at: "2026-03-23T19:00:00Z", status: "confirmed" });
  await book(team, { space_id: studio.id, start_at: "2026-03-28T10:00:00Z", end_at: "2026-03-28T14:00:00Z", status: "confirmed" });
  await book(other, { space_id: foreign.id, start_at: "2026-03-24T00:00:00Z", end_at: "2026-03-25T00:00:00Z", status: "confirmed" });

  // Pipeline and revenue, April and May 2026.
  const e1 = await makeEvent(team, "definite", "EUR", grand, "2026-04-10T09:00:00Z");
  await db().insert(allocations).values({ accountId, spaceId: grand.id, resourceId: grand.resourceId, eventId: e1.id, startAt: new Date("2026-05-02T09:00:00Z"), endAt: new Date("2026-05-02T10:00:00Z") });
  await makeQuote(e1, { version: 1, status: "superseded", totals: ["999.00", "0.00", "999.00"], sentAt: "2026-03-01T10:00:00Z" });
  acceptedQuote = await makeQuote(
    e1,
    { version: 2, status: "accepted", totals: ["1450.00", "250.50", "1700.50"], sentAt: "2026-03-02T10:00:00Z", acceptedAt: "2026-03-03T10:00:00Z", views: 3 },
    {
      lines: [{ space: grand, category: "space", net: "1000.00", discount: "100.00", tax: "189.00", total: "1089.00" }],
      additional: [{ category: "catering", net: "500.00", discount: "50.00", tax: "40.50", total: "490.50" }],
      optional: [
        { category: "catering", net: "200.00", discount: "0.00", tax: "42.00", total: "242.00", selected: false },
        { category: "equipment", net: "100.00", discount: "0.00", tax: "21.00", total: "121.00", selected: true },
      ],
    },
  );
  // 23:30 UTC on 30 April is 00:30 on 1 May in London: a May event.
  const e2 = await makeEvent(team, "definite", "GBP", hallA, "2026-04-30T23:30:00Z");
  await makeQuote(
    e2,
    { version: 1, status: "accepted", totals: ["300.00", "60.00", "360.00"], sentAt: "2026-03-05T10:00:00Z", acceptedAt: "2026-03-05T12:00:00Z", views: 1 },
    { lines: [{ space: hallA, category: "space", net: "300.00", discount: "0.00", tax: "60.00", total: "360.00" }] },
  );
  const e3 = await makeEvent(team, "tentative", "EUR", hallB, "2026-04-15T09:00:00Z");
  sentQuote = await makeQuote(e3, { version: 1, status: "sent", totals: ["800.00", "168.00", "968.00"], sentAt: "2026-03-10T10:00:00Z", validUntil: "2099-01-01" });
  await makeEvent(team, "lead", "EUR", studio, "2026-05-20T09:00:00Z");
  const e5 = await makeEvent(team, "lost", "EUR", hallB, "2026-04-20T09:00:00Z");
  await makeQuote(e5, { version: 1, status: "rejected", totals: ["400.00", "84.00", "484.00"], sentAt: "2026-03-12T10:00:00Z" });
  await makeQuote(e5, { version: 2, status: "withdrawn", totals: ["9999.00", "0.00", "9999.00"], sentAt: "2026-03-20T10:00:00Z" });
  const e6 = await makeEvent(team, "definite", "EUR", grand, "2026-06-05T09:00:00Z");
  await makeQuote(e6, { version: 1, status: "accepted", totals: ["5000.00", "0.00", "5000.00"], sentAt: "2026-04-02T10:00:00Z", acceptedAt: "2026-04-03T10:00:00Z" });
  const e8 = await makeEvent(team, "tentative", "EUR", studio, "2026-07-01T09:00:00Z");
  await makeQuote(e8, { version: 1, status: "sent", totals: ["100.00", "21.00", "121.00"], sentAt: "2026-03-15T10:00:00Z", validUntil: "2026-03-31" });
  const theirs = await makeEvent(other, "definite", "EUR", foreign, "2026-04-12T09:00:00Z");
  await makeQuote(
    theirs,
    { version: 1, status: "accepted", totals: ["7000.00", "0.00", "7000.00"], sentAt: "2026-03-02T10:00:00Z", acceptedAt: "2026-03-02T11:00:00Z", views: 9 },
    { lines: [{ space: foreign, category: "space", net: "7000.00", discount: "0.00", tax: "0.00", total: "7000.00" }] },
  );
});

afterEach(() => setPlanningClock(null));

describe("venue reports: pipeline", () => {
  it("counts events by status and their current quotes per currency, by month of the first allocation in London", async () => {
    const response = await report("pipeline", "since=2026-04-01&until=2026-05-31");
    expect(response.status, response.text).toBe(200);
    expect(response.body.timezone).toBe("Europe/London");
    const eur = (events: number, excl: string, incl: string) => ({ currency: "EUR", events, total_excl_tax: excl, total_incl_tax: incl });
    expect(response.body.statuses).toEqual([
      { status: "lead", events: 1, quoted: [] },
      { status: "tentative", events: 1, quoted: [eur(1, "800.00", "968.00")] },
      // E1's current quote is version 2 (version 1 was superseded); E2 is quoted in pounds, apart.
      { status: "definite", events: 2, quoted: [eur(1, "1450.00", "1700.50"), { currency: "GBP", events: 1, total_excl_tax: "300.00", total_incl_tax: "360.00" }] },
      // The withdrawn version 2 does not speak for the event: the rejected version 1 does.
      { status: "lost", events: 1, quoted: [eur(1, "400.00", "484.00")] },
      { status: "cancelled", events: 0, quoted: [] },
    ]);
    const counts = response.body.months.map((month: any) => [month.month, month.statuses.map((s: any) => s.events)]);
    expect(counts).toEqual([
      ["2026-04", [0, 1, 1, 1, 0]],
      ["2026-05", [1, 0, 1, 0, 0]],
    ]);
  });

  it("narrows to a venue's events", async () => {
    const response = await report("pipeline", `since=2026-04-01&until=2026-05-31&space_id=${hallA.id}`);
    expect(response.status).toBe(200);
    expect(response.body.statuses.map((s: any) => s.events)).toEqual([0, 0, 1, 0, 0]);
  });
});

describe("venue reports: revenue", () => {
  it("sums accepted quotes' counted lines per currency, month, space and category, never across currencies", async () => {
    const response = await report("revenue", "since=2026-04-01&until=2026-05-31");
    expect(response.status, response.text).toBe(200);
    const amounts = (currency: string, quotes: number, excl: string, tax: string, incl: string) => ({ currency, quotes, total_excl_tax: excl, total_tax: tax, total_incl_tax: incl });
    const eur = amounts("EUR", 1, "1450.00", "250.50", "1700.50");
    const gbp = amounts("GBP", 1, "300.00", "60.00", "360.00");
    expect(response.body.totals).toEqual([eur, gbp]);
    expect(response.body.months).toEqual([
      { month: "2026-04", currencies: [eur] },
      { month: "2026-05", currencies: [gbp] },
    ]);
    expect(response.body.by_space).toEqual([
      { ...amounts("EUR", 1, "900.00", "189.00", "1089.00"), space_id: grand.id, space_name: "Grand Hall" },
      // Catering 450.00 and the selected projector 100.00; the unselected option is not revenue.
      { ...amounts("EUR", 1, "550.00", "61.50", "611.50"), space_id: null, space_name: null },
      { ...gbp, space_id: hallA.id, space_name: "Hall A" },
    ]);
    expect(response.body.by_category).toEqual([
      { ...amounts("EUR", 1, "450.00", "40.50", "490.50"), category: "catering" },
      { ...amounts("EUR", 1, "100.00", "21.00", "121.00"), category: "equipment" },
      { ...amounts("EUR", 1, "900.00", "189.00", "1089.00"), category: "space" },
      { ...gbp, category: "space" },
    ]);
  });

  it("keeps only the lines of the spaces a filter names", async () => {
    const hall = await report("revenue", `since=2026-04-01&until=2026-05-31&venue_id=${grand.id}`);
    expect(hall.body.totals.map((t: any) => [t.currency, t.total_excl_tax])).toEqual([
      ["EUR", "900.00"],
      ["GBP", "300.00"],
    ]);
    const alone = await report("revenue", `since=2026-04-01&until=2026-05-31&space_id=${studio.id}`);
    expect(alone.body.totals).toEqual([]);
    expect(alone.body.months.map((m: any) => m.currencies)).toEqual([[], []]);
  });
});

describe("venue reports: occupancy", () => {
  it("counts a Grand Hall booking once in the totals, in a 167-hour week", async () => {
    const response = await report("occupancy", "since=2026-03-25&until=2026-03-27");
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ since: "2026-03-23", until: "2026-03-29", weeks: ["2026-03-23"] });
    const cells = Object.fromEntries(response.body.spaces.map((space: any) => [space.name, space.weeks[0]]));
    const cell = (open: number, booked: number, held: number, occupancy: number | null) => ({ week: "2026-03-23", open_hours: open, booked_hours: booked, held_hours: held, occupancy });
    expect(cells).toEqual({
      // Its own 8 hours; its halls' bookings leave it unbookable but are theirs.
      "Grand Hall": cell(167, 8, 0, 0.0479),
      // The Grand Hall's 8 hours block both halls, plus each hall's own 4.
      "Hall A": cell(167, 12, 3, 0.0719),
      "Hall B": cell(167, 12, 0, 0.0719),
      // Open 40 hours; 16:00-19:00 on Monday is 1 hour inside them; Saturday is closed.
      Studio: cell(40, 1, 0, 0.025),
    });
    // Grand Hall hierarchy: 8 hours Tuesday + Thursday 10:00-16:00 (the halls overlap 12-14) = 14; the Studio 1.
    expect(response.body.totals).toEqual([cell(167 + 40, 15, 3, 0.0725)]);
    expect(response.body.spaces.map((space: any) => space.parent_id)).toEqual([null, grand.id, grand.id, null]);
  });

  it("reports one hierarchy when filtered to it, with 169 hours in October's change week", async () => {
    const march = await report("occupancy", `since=2026-03-23&until=2026-03-29&space_id=${hallA.id}`);
    expect(march.body.spaces.map((space: any) => space.name)).toEqual(["Hall A"]);
    // Hall A is the top of this scope: its own row is the total.
    expect(march.body.totals[0]).toMatchObject({ open_hours: 167, booked_hours: 12, held_hours: 3 });
    const october = await report("occupancy", `since=2026-10-19&until=2026-10-25&venue_id=${grand.id}`);
    expect(october.body.totals).toEqual([{ week: "2026-10-19", open_hours: 169, booked_hours: 0, held_hours: 0, occupancy: 0 }]);
  });
});

describe("venue reports: hold conversion", () => {
  it("follows holds placed in March to where they stand, with the median time to confirm", async () => {
    const at = (day: number, hour = 9) => `2027-02-${String(day).padStart(2, "0")}T${String(hour).padStart(2, "0")}:00:00Z`;
    const hold = (day: number) => book(team, { space_id: studio.id, start_at: at(day), end_at: at(day, 11) });
    const [h1, h2, h3, h4] = [await hold(1), await hold(2), await hold(3), await hold(4)];
    for (const id of [h1, h2, h3]) await patch(id, { status: "confirmed" });
    await patch(h4, { status: "cancelled" });
    const outright = await book(team, { space_id: studio.id, start_at: at(5), end_at: at(5, 11), status: "confirmed" });
    const created = await row(outright);
    expect(created.confirmedAt).toEqual(created.createdAt);

    const swept = await hold(8);
    setPlanningClock(() => new Date(Date.now() + 2 * 3_600_000));
    expect(await sweepExpiredHolds(getDb(), new Date(Date.now() + 2 * 3_600_000))).toBeGreaterThanOrEqual(1);
    setPlanningClock(null);
    const lapsed = await hold(9);
    const open = await hold(10);
    await db().execute(sql`update allocations set expires_at = now() - interval '1 minute' where id = ${lapsed}`);
    await db().execute(sql`update allocations set expires_at = null where id = ${open}`);
    const late = await hold(11);

    for (const [id, changed] of [[h1, h1], [h2, h2], [h3, h3], [h4, h4], [swept, swept]] as const) {
      const after = await row(id);
      expect(after.statusChangedAt!.getTime(), changed).toBeGreaterThan(after.createdAt.getTime());
    }
    expect((await row(h1)).confirmedAt).not.toBeNull();
    expect((await row(h4)).confirmedAt).toBeNull();

    await pin(h1, { created: "2026-03-01T00:30:00Z", confirmed: "2026-03-01T02:30:00Z", changed: "2026-03-01T02:30:00Z" });
    await pin(h2, { created: "2026-03-03T10:00:00Z", confirmed: "2026-03-04T10:00:00Z", changed: "2026-03-04T10:00:00Z" });
    await pin(h3, { created: "2026-03-05T00:00:00Z", confirmed: "2026-03-05T06:00:00Z", changed: "2026-03-05T06:00:00Z" });
    await pin(h4, { created: "2026-03-06T00:00:00Z", changed: "2026-03-07T00:00:00Z" });
    await pin(swept, { created: "2026-03-08T00:00:00Z", changed: "2026-03-09T00:00:00Z" });
    await pin(lapsed, { created: "2026-03-10T00:00:00Z" });
    await pin(open, { created: "2026-03-31T22:30:00Z" });
    // 23:30 UTC on 31 March is 00:30 on 1 April in London: outside March.
    await pin(late, { created: "2026-03-31T23:30:00Z" });
    // A booking made outright is no hold: its history moved as a whole.
    await db().execute(sql`
      update allocations set confirmed_at = '2026-03-12T00:00:00Z'::timestamptz + (confirmed_at - created_at),
        status_changed_at = '2026-03-12T00:00:00Z'::timestamptz + (status_changed_at - created_at), created_at = '2026-03-12T00:00:00Z'
      where id = ${outright}`);
    const theirs = await book(other, { space_id: foreign.id, start_at: at(1), end_at: at(1, 11) });
    await db().execute(sql`update allocations set created_at = '2026-03-02T00:00:00Z' where id = ${theirs}`);

    const response = await report("holds", "since=2026-03-01&until=2026-03-31");
    expect(response.status, response.text).toBe(200);
    // Times to confirm: 2 h, 24 h, 6 h: the median is 6 h.
    expect(response.body).toEqual({
      ...march,
      created: 7,
      confirmed: 3,
      expired: 2,
      cancelled: 1,
      open: 1,
      confirmation_rate: 0.4286,
      median_seconds_to_confirm: 21_600,
    });
    const elsewhere = await report("holds", `since=2026-03-01&until=2026-03-31&space_id=${grand.id}`);
    expect(elsewhere.body).toMatchObject({ created: 0, confirmation_rate: null, median_seconds_to_confirm: null });
  });
});

describe("venue reports: quote conversion", () => {
  it("follows versions sent in March to their answer, with time to accept and views before it", async () => {
    const response = await report("quotes", "since=2026-03-01&until=2026-03-31");
    expect(response.status, response.text).toBe(200);
    // Accepted after 24 h (3 views) and 2 h (1 view); the one valid until 31 March has expired.
    expect(response.body).toEqual({
      ...march,
      sent: 7,
      accepted: 2,
      declined: 1,
      expired: 1,
      open: 1,
      withdrawn: 1,
      superseded: 1,
      archived: 0,
      acceptance_rate: 0.2857,
      median_seconds_to_accept: 46_800,
      average_views_before_acceptance: 2,
      median_views_before_acceptance: 2,
    });
    const narrowed = await report("quotes", `since=2026-03-01&until=2026-03-31&space_id=${hallB.id}`);
    expect(narrowed.body).toMatchObject({ sent: 3, open: 1, declined: 1, withdrawn: 1, accepted: 0 });
  });

  it("counts every view of a quote awaiting its answer, and none after", async () => {
    await quoteByToken(getDb(), sentQuote.publicToken, { recordView: true });
    await quoteByToken(getDb(), sentQuote.publicToken, { recordView: true });
    await quoteByToken(getDb(), sentQuote.publicToken);
    await quoteByToken(getDb(), acceptedQuote.publicToken, { recordView: true });
    const counts = await db().select({ id: quotes.id, views: quotes.viewCount, viewedAt: quotes.viewedAt }).from(quotes).where(sql`${quotes.id} in (${sentQuote.id}, ${acceptedQuote.id})`);
    const byId = new Map(counts.map((quote) => [quote.id, quote]));
    expect(byId.get(sentQuote.id)!.views).toBe(2);
    expect(byId.get(sentQuote.id)!.viewedAt).not.toBeNull();
    expect(byId.get(acceptedQuote.id)!.views).toBe(3);
  });
});

describe("venue reports: access and validation", () => {
  it.each(["pipeline", "revenue", "occupancy", "holds", "quotes"])("%s: another account's space or venue is a 404", async (name) => {
    for (const filter of ["space_id", "venue_id"]) {
      const response = await report(name, `since=2026-03-01&until=2026-03-31&${filter}=${foreign.id}`);
      expect(response.status).toBe(404);
      expect(response.body.description).toBeTypeOf("string");
    }
  });

  it.each(["pipeline", "revenue", "occupancy", "holds", "quotes"])("%s: needs report_manage", async (name) => {
    expect((await report(name, "since=2026-03-01&until=2026-03-31", team.agent.token)).status).toBe(403);
    expect((await report(name, "since=2026-03-01&until=2026-03-31", other.admin.token)).status).toBe(404);
  });

  it.each([
    ["", "since"],
    ["since=2026-03-01", "until"],
    ["since=2026-02-30&until=2026-03-31", "since"],
    ["since=1772323200&until=2026-03-31", "since"],
    ["since=2026-03-31&until=2026-03-01", "until"],
    ["since=2026-01-01&until=2028-01-02", "until"],
    ["since=2026-03-01&until=2026-03-31&space_id=hall-a", "space_id"],
  ])("refuses %s with 422 naming %s", async (query, field) => {
    const response = await report("occupancy", query);
    expect(response.status, response.text).toBe(422);
    expect(response.body.errors.map((error: any) => error.field)).toContain(field);
  });
});
