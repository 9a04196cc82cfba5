import { eq, sql } from "drizzle-orm";
import { createServer } from "node:net";
import { SMTPServer } from "smtp-server";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { deliverDueMail } from "@/lib/mail/deliver";
import { allocations, discountCodes, outboxMessages, planningResources, pricingPlans, pricingRules, rates, spaces } from "@/db/schema";
import { api } from "../helpers/app";
import { makeTeam } from "../helpers/factories";


/**
 * A venue to price: one hall in Amsterdam, a day rate (weekends), an hourly rate (the default
 * rule), catering per person, and two discount codes.
 */
const makeVenue = async (currency = "EUR") => {
  const team = await makeTeam();
  const accountId = team.account.id;
  const db = getDb();
  const [resource] = await db.insert(planningResources).values({ accountId }).returning();
  const [hall] = await db.insert(spaces).values({ accountId, resourceId: resource!.id, name: "Grand Hall", timezone: "Europe/Amsterdam" }).returning();
  const [day, hour, perPersonHour] = await db
    .insert(rates)
    .values([
      { accountId, name: "Day rate", unit: "day", amount: currency === "JPY" ? "150000" : "1500.00", taxRate: "21" },
      { accountId, name: "Hourly rate", unit: "hour", amount: currency === "JPY" ? "15000" : "120.50", taxRate: currency === "JPY" ? "10" : "21" },
      { accountId, name: "Evening per person per hour", unit: "person_hour", amount: "3.25", taxRate: "21" },
    ])
    .returning();
  const [plan] = await db.insert(pricingPlans).values({ accountId, name: "Standard", isDefault: true }).returning();
  await db.insert(pricingRules).values([
    { accountId, planId: plan!.id, name: "Long evenings", rateId: perPersonHour!.id, priority: 0, clauses: [
      { field: "duration_hours", operator: "gte", value: 6 },
      { field: "start_time", operator: "gte", value: "17:00" },
    ] },
    { accountId, planId: plan!.id, name: "Weekends", rateId: day!.id, priority: 1, clauses: [{ field: "weekday", operator: "in", value: ["sat", "sun"] }] },
    { accountId, planId: plan!.id, name: "Hourly", rateId: hour!.id, priority: 9, isDefault: true },
  ]);
  const [summer, loyal, big] = await db
    .insert(discountCodes)
    .values([
      { accountId, name: "Summer 10%", code: "SUMMER10", discountType: "percentage", value: "10" },
      { accountId, name: "Loyal customer", code: "LOYAL50", discountType: "fixed_amount", value: "50" },
      { accountId, name: "Big gesture", code: "BIG", discountType: "fixed_amount", value: "1000", maxRedemptions: 5 },
    ])
    .returning();
  await db.execute(sql`update accounts set settings = jsonb_build_object('currency', ${currency}::text) where id = ${accountId}`);
  return { team, hall: hall!, codes: { summer: summer!, loyal: loyal!, big: big! }, base: `/api/v1/accounts/${accountId}` };
};
type Venue = Awaited<ReturnType<typeof makeVenue>>;

/** An event with allocations on the hall, local Amsterdam times (summer: UTC+2). */
const makeEvent = async (venue: Venue, windows: [string, string][], extra: Record<string, unknown> = {}) => {
  const created = await api.post(`${venue.base}/planning/events`, {
    token: venue.team.admin.token,
    body: {
      event: { name: "Summer party", attendees_count: 100, ...extra },
      allocations: windows.map(([start, end]) => ({ space_id: venue.hall.id, start_at: `${start}+02:00`, end_at: `${end}+02:00` })),
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body as { id: string; allocation_ids: string[] };
};

const quoteUrl = (venue: Venue, eventId: string, suffix = "") => `${venue.base}/planning/events/${eventId}/quotes${suffix}`;
const createQuote = async (venue: Venue, eventId: string, body: Record<string, unknown>) => {
  const response = await api.post(quoteUrl(venue, eventId), { token: venue.team.admin.token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
};
const totals = (quote: { total_excl_tax: number; total_tax: number; total_incl_tax: number }) => [quote.total_excl_tax, quote.total_tax, quote.total_incl_tax];

let venue: Venue;
beforeAll(async () => {
  venue = await makeVenue();
});

describe("quote totals, computed by hand", () => {
  it("1. weekend day rate + catering, 10% then 50 off, two tax rates", async () => {
    const event = await makeEvent(venue, [["2027-06-12T10:00:00", "2027-06-12T18:00:00"]]);
    const quote = await createQuote(venue, event.id, {
      name: "Wedding",
      discount_code_ids: [venue.codes.summer.id, venue.codes.loyal.id],
      overrides: { additional_lines: [{ name: "Catering buffet", unit_price: "42.50", quantity: 100, tax_rate: 9, category: "catering" }] },
    });
    // Lines: day rate 1 x 1500.00 (21%), catering 100 x 42.50 = 4250.00 (9%). Subtotal 5750.00.
    // 10% = 575.00, spread 150.00 / 425.00 -> 1350.00 / 3825.00 (5175.00).
    // 50.00 spread by largest remainder: 13.04 / 36.96 -> 1336.96 / 3788.04 (5125.00).
    // Tax: 1336.96 x 21% = 280.7616 -> 280.76; 3788.04 x 9% = 340.9236 -> 340.92; 621.68.
    expect(totals(quote)).toEqual([5125, 621.68, 5746.68]);
    expect(quote.breakdown.subtotal_excl_tax).toBe(5750);
    expect(quote.breakdown.discounts.map((d: { amount: number }) => d.amount)).toEqual([575, 50]);
    expect(quote.breakdown.taxes).toEqual([
      { tax_rate: 9, base: 3788.04, tax: 340.92 },
      { tax_rate: 21, base: 1336.96, tax: 280.76 },
    ]);
    expect(quote.breakdown.lines[0]).toMatchObject({ key: `allocation:${event.allocation_ids[0]}`, quantity: 1, unit: "day", unit_price: 1500, discount: 163.04 });
  });

  it("2. weekday hours with a quantity override and a selected optional line, rounding half away from zero", async () => {
    const event = await makeEvent(venue, [["2027-06-16T09:00:00", "2027-06-16T13:30:00"]]);
    const quote = await createQuote(venue, event.id, {
      overrides: {
        lines: [{ key: `allocation:${event.allocation_ids[0]}`, quantity: "5" }],
        optional_lines: [{ key: "champagne", name: "Champagne reception", unit_price: "12.75", quantity: 100, tax_rate: 21 }],
      },
      selected_optional_keys: ["champagne"],
    });
    // 4.5 h overridden to 5 x 120.50 = 602.50; champagne 100 x 12.75 = 1275.00; both 21%.
    // Tax 126.525 -> 126.53 and 267.75: 394.28. Total 1877.50 + 394.28 = 2271.78.
    expect(totals(quote)).toEqual([1877.5, 394.28, 2271.78]);
    expect(quote.breakdown.optional_lines[0]).toMatchObject({ key: "champagne", selected: true, net: 1275 });
  });

  it("3. an excluded line and a discount larger than what is left: everything 0", async () => {
    const event = await makeEvent(venue, [
      ["2027-06-19T10:00:00", "2027-06-19T12:00:00"],
      ["2027-06-21T10:00:00", "2027-06-21T12:00:00"],
    ]);
    const quote = await createQuote(venue, event.id, {
      discount_code_id: venue.codes.big.id,
      overrides: { lines: [{ key: `allocation:${event.allocation_ids[0]}`, included: false }] },
    });
    // Saturday's day rate is dropped; Monday 2 h x 120.50 = 241.00; 1000 off is capped at 241.00.
    expect(totals(quote)).toEqual([0, 0, 0]);
    expect(quote.breakdown.lines).toHaveLength(1);
    expect(quote.breakdown.discounts[0].amount).toBe(241);
  });

  it("4. a long evening per person per hour, a DJ, 10% off", async () => {
    const event = await makeEvent(venue, [["2027-06-25T18:00:00", "2027-06-26T00:00:00"]]);
    const quote = await createQuote(venue, event.id, {
      discount_code_ids: [venue.codes.summer.id],
      overrides: { additional_lines: [{ name: "DJ", unit_price: 450, tax_rate: 21 }] },
    });
    // 6 h >= 6: 100 people x 6 h = 600 x 3.25 = 1950.00; DJ 450.00. Subtotal 2400.00.
    // 10% = 240.00 spread 195.00 / 45.00 -> 1755.00 / 405.00. Tax 21%: 368.55 + 85.05 = 453.60.
    expect(totals(quote)).toEqual([2160, 453.6, 2613.6]);
    expect(quote.breakdown.lines[0]).toMatchObject({ unit: "person_hour", quantity: 600 });
  });

  it("5. yen: no minor unit, a fractional unit price rounds to whole yen", async () => {
    const yen = await makeVenue("JPY");
    const event = await makeEvent(yen, [["2027-06-16T10:00:00", "2027-06-16T12:30:00"]]);
    const quote = await createQuote(yen, event.id, {
      overrides: { additional_lines: [{ name: "Coffee service", unit_price: "3333.33", quantity: 1, tax_rate: 8 }] },
    });
    // 2.5 h x 15000 = 37500 (10%: 3750); coffee 3333.33 -> 3333 (8%: 266.64 -> 267). 40833 + 4017 = 44850.
    expect(quote.currency).toBe("JPY");
    expect(totals(quote)).toEqual([40833, 4017, 44850]);
  });
});

describe("quote routes and lifecycle", () => {
  it("answers create with INTERFACE.md's fields, lists and shows versions, edits drafts only", async () => {
    const event = await makeEvent(venue, [["2027-07-03T10:00:00", "2027-07-03T16:00:00"]]);
    const quote = await createQuote(venue, event.id, { name: "Offer", po_number: "PO-7", customer_email: "guest@example.com" });
    for (const key of ["id", "account_id", "planning_event_id", "status", "version", "currency", "total_incl_tax", "breakdown", "overrides", "valid_until", "public_token", "public_url", "preview_url", "download_url", "quote_sent_at", "accepted_at"]) {
      expect(quote, key).toHaveProperty(key);
    }
    expect(quote).toMatchObject({ status: "draft", version: 1, po_number: "PO-7", planning_event_id: event.id });
    expect(quote.public_url).toMatch(/\/q\/[\w-]{32}$/);
    const second = await createQuote(venue, event.id, {});
    expect(second.version).toBe(2);
    const list = await api.get(quoteUrl(venue, event.id), { token: venue.team.agent.token });
    expect(list.body.payload.map((q: { version: number }) => q.version)).toEqual([2, 1]);
    const patched = await api.patch(quoteUrl(venue, event.id, `/${quote.id}`), { token: venue.team.admin.token, body: { notes: "Includes setup", discount_code_ids: [venue.codes.summer.id] } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ notes: "Includes setup", po_number: "PO-7", discount_code_ids: [venue.codes.summer.id] });
    expect(patched.body.total_excl_tax).toBe(1350);
    const sent = await api.post(quoteUrl(venue, event.id, `/${quote.id}/send_quote`), { token: venue.team.admin.token, body: { delivery_mode: "manual" } });
    expect(sent.body).toMatchObject({ status: "sent" });
    expect(sent.body.quote_sent_at).not.toBeNull();
    const refused = await api.patch(quoteUrl(venue, event.id, `/${quote.id}`), { token: venue.team.admin.token, body: { notes: "late" } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].code).toBe("invalid_transition");
    expect((await api.post(quoteUrl(venue, event.id), { token: venue.team.agent.token, body: {} })).status).toBe(403);
    const other = await makeTeam();
    expect((await api.get(`/api/v1/accounts/${other.account.id}/planning/events/${event.id}/quotes/${quote.id}`, { token: other.admin.token })).status).toBe(404);
  });

  it("walks the lifecycle: withdraw, revise (superseding), reject, archive, and refuses the illegal moves", async () => {
    const event = await makeEvent(venue, [["2027-07-10T10:00:00", "2027-07-10T16:00:00"]]);
    const quote = await createQuote(venue, event.id, {});
    const act = (id: number, action: string, body: Record<string, unknown> = {}) =>
      api.post(quoteUrl(venue, event.id, `/${id}/${action}`), { token: venue.team.admin.token, body });
    expect((await act(quote.id, "withdraw")).status).toBe(422);
    await act(quote.id, "send_quote", { delivery_mode: "manual" });
    expect((await act(quote.id, "withdraw")).body.status).toBe("withdrawn");
    expect((await act(quote.id, "accept")).status).toBe(422);
    const revised = await act(quote.id, "revise");
    expect(revised.status).toBe(201);
    expect(revised.body).toMatchObject({ version: 2, status: "draft" });
    expect(revised.body.public_token).not.toBe(quote.public_token);
    // Revising a draft supersedes it.
    const third = await act(revised.body.id, "revise");
    expect((await api.get(quoteUrl(venue, event.id, `/${revised.body.id}`), { token: venue.team.admin.token })).body.status).toBe("superseded");
    expect((await act(third.body.id, "reject")).status).toBe(422);
    expect((await act(third.body.id, "reject", { rejection_reason: "Too expensive" })).body).toMatchObject({ status: "rejected", rejection_reason: "Too expensive" });
    expect((await act(third.body.id, "archive")).body.status).toBe("archived");
    expect((await act(third.body.id, "archive")).status).toBe(422);
    expect((await act(third.body.id, "revise")).status).toBe(422);
  });

  it("keeps a version's numbers when rates change later; a revision prices again", async () => {
    const event = await makeEvent(venue, [["2027-07-17T10:00:00", "2027-07-17T16:00:00"]]);
    const quote = await createQuote(venue, event.id, {});
    expect(quote.total_excl_tax).toBe(1500);
    await getDb().update(rates).set({ amount: "1800.00" }).where(sql`${rates.accountId} = ${venue.team.account.id} and ${rates.name} = 'Day rate'`);
    const again = await api.get(quoteUrl(venue, event.id, `/${quote.id}`), { token: venue.team.admin.token });
    expect(again.body.total_excl_tax).toBe(1500);
    const revised = await api.post(quoteUrl(venue, event.id, `/${quote.id}/revise`), { token: venue.team.admin.token, body: {} });
    expect(revised.body.total_excl_tax).toBe(1800);
    await getDb().update(rates).set({ amount: "1500.00" }).where(sql`${rates.accountId} = ${venue.team.account.id} and ${rates.name} = 'Day rate'`);
  });

  it("accepting confirms the event's holds in the same transaction, and refuses (changing nothing) when one is taken", async () => {
    const event = await makeEvent(venue, [["2027-07-24T10:00:00", "2027-07-24T16:00:00"]]);
    const quote = await createQuote(venue, event.id, { discount_code_ids: [venue.codes.big.id] });
    const accepted = await api.post(quoteUrl(venue, event.id, `/${quote.id}/accept`), { token: venue.team.admin.token, body: { acceptance_reason: "Signed on the phone" } });
    expect(accepted.body).toMatchObject({ status: "accepted", acceptance_reason: "Signed on the phone" });
    const [booked] = await getDb().select().from(allocations).where(eq(allocations.id, event.allocation_ids[0]!));
    expect(booked!.status).toBe("confirmed");
    const [big] = await getDb().select().from(discountCodes).where(eq(discountCodes.id, venue.codes.big.id));
    expect(big!.redemptionsCount).toBe(1);
    // Accepting again answers the same acceptance.
    const again = await api.post(quoteUrl(venue, event.id, `/${quote.id}/accept`), { token: venue.team.admin.token, body: {} });
    expect(again.body.accepted_at).toBe(accepted.body.accepted_at);
  });

  it("refuses acceptance with 409 when a hold's time has been booked meanwhile, and leaves the quote as it was", async () => {
    const event = await makeEvent(venue, [["2027-08-07T10:00:00", "2027-08-07T16:00:00"]]);
    const quote = await createQuote(venue, event.id, {});
    // The hold lapses (or is dropped) and another customer books the time.
    await getDb().update(allocations).set({ status: "expired" }).where(eq(allocations.id, event.allocation_ids[0]!));
    await getDb().execute(sql`delete from allocation_occupancies where allocation_id = ${event.allocation_ids[0]!}`);
    const other = await api.post(`${venue.base}/planning/allocations`, {
      token: venue.team.admin.token,
      body: { allocation: { space_id: venue.hall.id, start_at: "2027-08-07T14:00:00+02:00", end_at: "2027-08-07T18:00:00+02:00", status: "confirmed" } },
    });
    expect(other.status).toBe(200);
    const refused = await api.post(quoteUrl(venue, event.id, `/${quote.id}/accept`), { token: venue.team.admin.token, body: {} });
    expect(refused.status).toBe(409);
    expect(refused.body.description).toContain("Grand Hall is no longer available");
    expect((await api.get(quoteUrl(venue, event.id, `/${quote.id}`), { token: venue.team.admin.token })).body.status).toBe("draft");
  });

  it("settles 20 simultaneous acceptances and a withdrawal to one consistent outcome", async () => {
    const event = await makeEvent(venue, [["2027-08-14T10:00:00", "2027-08-14T16:00:00"]]);
    const quote = await createQuote(venue, event.id, {});
    await api.post(quoteUrl(venue, event.id, `/${quote.id}/send_quote`), { token: venue.team.admin.token, body: { delivery_mode: "manual" } });
    const accept = () => api.post(quoteUrl(venue, event.id, `/${quote.id}/accept`), { token: venue.team.admin.token, body: {} });
    const results = await Promise.all([
      ...Array.from({ length: 10 }, accept),
      api.post(quoteUrl(venue, event.id, `/${quote.id}/withdraw`), { token: venue.team.admin.token, body: {} }),
      ...Array.from({ length: 10 }, accept),
    ]);
    const final = (await api.get(quoteUrl(venue, event.id, `/${quote.id}`), { token: venue.team.admin.token })).body;
    const [hold] = await getDb().select().from(allocations).where(eq(allocations.id, event.allocation_ids[0]!));
    if (final.status === "accepted") {
      expect(results[10]!.status).toBe(422);
      expect(results.filter((r) => r.status === 200)).toHaveLength(20);
      expect(hold!.status).toBe("confirmed");
    } else {
      expect(final.status).toBe("withdrawn");
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      expect(hold!.status).toBe("tentative");
    }
  });
});

describe("documents", () => {
  it("previews the version as HTML and downloads it as a PDF whose text carries the lines and totals", async () => {
    const event = await makeEvent(venue, [["2027-09-18T10:00:00", "2027-09-18T16:00:00"]]);
    const quote = await createQuote(venue, event.id, {
      name: "Harvest dinner",
      overrides: { additional_lines: [{ name: "Harvest menu", unit_price: "55", quantity: 40, tax_rate: 9, category: "catering" }] },
    });
    // Day rate 1,500.00 (21% = 315.00) + menu 2,200.00 (9% = 198.00): 3,700.00 + 513.00 = 4,213.00.
    expect(totals(quote)).toEqual([3700, 513, 4213]);
    const preview = await api.get(quoteUrl(venue, event.id, `/${quote.id}/preview`), { token: venue.team.agent.token });
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-type")).toContain("text/html");
    expect(preview.text).toContain("Harvest menu");
    expect(preview.text).toContain("4,213.00");
    const download = await api.get(quoteUrl(venue, event.id, `/${quote.id}/download`), { token: venue.team.agent.token });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="quote-harvest-dinner-v1\.pdf"$/);
    const { text } = await extractText(await getDocumentProxy(download.bytes), { mergePages: true });
    for (const expected of ["Harvest menu", "Grand Hall", "4,213.00", "3,700.00", "315.00", "198.00", "Version 1"]) expect(text).toContain(expected);
  });
});

/** A free port on 127.0.0.1, closed again: nothing listens there until a server is started on it. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });

type Received = { to: string; raw: string };

/** A mail server on 127.0.0.1 that keeps what it takes; `refuse` answers RCPT TO with that error instead. */
const startSmtp = async (port: number, refuse?: { responseCode: number; message: string }) => {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onRcptTo(address, _session, callback) {
      callback(refuse ? Object.assign(new Error(refuse.message), { responseCode: refuse.responseCode }) : undefined);
    },
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
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

/** The PDF attached to a received message (base64 in its MIME part), as text. */
const attachedPdfText = async (raw: string) => {
  const part = raw.split(/\r?\n--/).find((section) => /Content-Type: application\/pdf/.test(section))!;
  const base64 = part.split(/\r?\n\r?\n/).slice(1).join("").replace(/[^A-Za-z0-9+/=]/g, "");
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(Buffer.from(base64, "base64"))), { mergePages: true });
  return text;
};

const outboxOf = (quoteId: number) => getDb().select().from(outboxMessages).where(eq(outboxMessages.quoteId, quoteId)).orderBy(outboxMessages.id);

describe("sending", () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let port = 0;

  beforeAll(async () => {
    port = await freePort();
    smtp = await startSmtp(port);
  });

  afterAll(async () => {
    delete process.env.SMTP_URL;
    delete process.env.MAIL_MAX_ATTEMPTS;
    await smtp.close();
  });

  const send = (eventId: string, quoteId: number, body: Record<string, unknown> = {}) =>
    api.post(quoteUrl(venue, eventId, `/${quoteId}/send_quote`), { token: venue.team.admin.token, body });
  const draftFor = async (email: string, day: string) => {
    const event = await makeEvent(venue, [[`${day}T10:00:00`, `${day}T16:00:00`]]);
    return { event, quote: await createQuote(venue, event.id, { customer_email: email, customer_first_name: "Anna" }) };
  };

  it("emails the customer through SMTP with the PDF attached and the public link, and sends a new email when sent again", async () => {
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    const { event, quote } = await draftFor("bride@example.com", "2027-09-04");
    const sent = await send(event.id, quote.id, { subject: "Your wedding quote", body: "Dear Anna, here it is." });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.status).toBe("sent");
    expect(sent.body.delivery).toEqual({ status: "sent", attempts: 1, next_attempt_at: null, error_code: null, message: "The quote was emailed to the customer." });
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toBe("bride@example.com");
    expect(mail.raw).toContain("Subject: Your wedding quote");
    expect(mail.raw).toContain(`/q/${quote.public_token}`);
    expect(mail.raw).toMatch(/Content-Type: application\/pdf; name=.?quote-/);
    // The PDF is the quote as sent, not the draft it was a moment before.
    const pdf = await attachedPdfText(mail.raw);
    expect(pdf).toContain("Grand Hall");
    expect(pdf).not.toContain("Draft");

    const again = await send(event.id, quote.id);
    expect(again.body.delivery.status).toBe("sent");
    expect((await outboxOf(quote.id)).map((message) => message.status)).toEqual(["sent", "sent"]);
    expect(smtp.received.filter((message) => message.to === "bride@example.com")).toHaveLength(2);
  });

  it.each([
    ["queueing its email", "outbox_messages", "insert", "new.quote_id", "2027-09-05"],
    ["marking the quote sent", "quotes", "update", "new.id", "2027-09-13"],
  ])("marks the quote sent and queues its email in one transaction: when %s fails, the quote stays a draft and nothing is mailed", async (_step, table, operation, quoteColumn, day) => {
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    const address = `atomic-${table}@example.com`;
    const { event, quote } = await draftFor(address, day);
    const db = getDb();
    await db.execute(sql`create or replace function fail_for_test() returns trigger language plpgsql as $$ begin raise exception 'forced failure'; end $$`);
    await db.execute(
      sql.raw(`create trigger fail_for_test before ${operation} on ${table} for each row when (${quoteColumn} = ${Number(quote.id)}) execute function fail_for_test()`),
    );
    try {
      const sent = await send(event.id, quote.id);
      expect(sent.status).toBe(500);
    } finally {
      await db.execute(sql.raw(`drop trigger fail_for_test on ${table}`));
    }
    const shown = await api.get(quoteUrl(venue, event.id, `/${quote.id}`), { token: venue.team.admin.token });
    expect(shown.body).toMatchObject({ status: "draft", quote_sent_at: null });
    expect(await outboxOf(quote.id)).toEqual([]);
    expect(smtp.received.filter((message) => message.to === address)).toEqual([]);
  });

  it("answers 200 with the quote sent and its email failed when the mail server refuses it (550), without the server's words", async () => {
    const refusing = await startSmtp(await freePort(), { responseCode: 550, message: "5.7.1 Relaying denied by policy RX-7731 at mx.internal.example" });
    try {
      process.env.SMTP_URL = `smtp://127.0.0.1:${refusing.port}`;
      const { event, quote } = await draftFor("refused@example.com", "2027-09-06");
      const sent = await send(event.id, quote.id);
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect(sent.body.status).toBe("sent");
      expect(sent.body.quote_sent_at).not.toBeNull();
      expect(sent.body.delivery).toEqual({
        status: "failed",
        attempts: 1,
        next_attempt_at: null,
        error_code: "refused",
        message: "The quote is sent; the mail server refused the message.",
      });
      // "550" as the server's reply code, not inside an id or a token of the quote.
      expect(sent.text).not.toMatch(/RX-7731|Relaying|mx\.internal|\b550\b/);
      const [message] = await outboxOf(quote.id);
      expect(message).toMatchObject({ status: "failed", attempts: 1, errorCode: "refused", nextAttemptAt: null });
      // The account's members see the server's words in the portal's outbox.
      expect(message!.error).toContain("RX-7731");
      // A permanent refusal is not tried again.
      expect(await deliverDueMail(getDb(), new Date(Date.now() + 24 * 3_600_000))).toEqual({ attempted: 0, sent: 0 });
      expect(refusing.received).toEqual([]);
    } finally {
      await refusing.close();
    }
  });

  it("queues the email when the mail server is down, and the dispatcher delivers it exactly once when it is due, however many run", async () => {
    const downPort = await freePort();
    process.env.SMTP_URL = `smtp://127.0.0.1:${downPort}`;
    const { event, quote } = await draftFor("later@example.com", "2027-09-07");
    const before = Date.now();
    const sent = await send(event.id, quote.id);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.status).toBe("sent");
    expect(sent.body.delivery).toMatchObject({ status: "queued", attempts: 1, error_code: "unreachable" });
    expect(sent.body.delivery.message).toBe("The quote is sent; the mail server could not be reached, so the email will be tried again.");
    const due = Date.parse(sent.body.delivery.next_attempt_at);
    expect(due - before).toBeGreaterThanOrEqual(60_000);
    expect(due - Date.now()).toBeLessThanOrEqual(60_000);

    const server = await startSmtp(downPort);
    try {
      // Not due yet: nothing is tried.
      expect(await deliverDueMail(getDb(), new Date(due - 1_000))).toEqual({ attempted: 0, sent: 0 });
      const runs = await Promise.all([deliverDueMail(getDb(), new Date(due + 1_000)), deliverDueMail(getDb(), new Date(due + 1_000))]);
      expect(runs.reduce((total, run) => total + run.sent, 0)).toBe(1);
      expect(server.received.map((message) => message.to)).toEqual(["later@example.com"]);
      expect(server.received[0]!.raw).toContain(`/q/${quote.public_token}`);
      expect(await outboxOf(quote.id)).toMatchObject([{ status: "sent", attempts: 2, nextAttemptAt: null, error: null, errorCode: null }]);
      // Delivered: later runs leave it alone.
      expect(await deliverDueMail(getDb(), new Date(due + 24 * 3_600_000))).toEqual({ attempted: 0, sent: 0 });
    } finally {
      await server.close();
    }
  });

  it("retries a deferred email (4xx) with a growing wait, and gives up after MAIL_MAX_ATTEMPTS", async () => {
    const deferring = await startSmtp(await freePort(), { responseCode: 451, message: "4.7.1 Greylisted, try again later" });
    try {
      process.env.SMTP_URL = `smtp://127.0.0.1:${deferring.port}`;
      process.env.MAIL_MAX_ATTEMPTS = "3";
      const { event, quote } = await draftFor("greylisted@example.com", "2027-09-08");
      const sent = await send(event.id, quote.id);
      expect(sent.body.delivery).toMatchObject({ status: "queued", attempts: 1, error_code: "deferred" });
      const first = Date.parse(sent.body.delivery.next_attempt_at);
      await deliverDueMail(getDb(), new Date(first));
      const [second] = await outboxOf(quote.id);
      expect(second).toMatchObject({ status: "queued", attempts: 2 });
      // 1 minute after the first failure, 5 after the second.
      expect(second!.nextAttemptAt!.getTime() - first).toBe(5 * 60_000);
      await deliverDueMail(getDb(), second!.nextAttemptAt!);
      expect(await outboxOf(quote.id)).toMatchObject([{ status: "failed", attempts: 3, nextAttemptAt: null, errorCode: "deferred" }]);
      expect(deferring.received).toEqual([]);
    } finally {
      delete process.env.MAIL_MAX_ATTEMPTS;
      await deferring.close();
    }
  });

  it("keeps the message in the outbox when no mail server is configured, and needs an address", async () => {
    delete process.env.SMTP_URL;
    const event = await makeEvent(venue, [["2027-09-11T10:00:00", "2027-09-11T16:00:00"]]);
    const noAddress = await createQuote(venue, event.id, {});
    const refused = await send(event.id, noAddress.id);
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].field).toBe("customer_email");
    const quote = await createQuote(venue, event.id, { customer_email: "planner@example.com" });
    const sent = await send(event.id, quote.id);
    expect(sent.body.status).toBe("sent");
    expect(sent.body.delivery).toMatchObject({ status: "stored", attempts: 0, next_attempt_at: null, error_code: null });
    const [stored] = await outboxOf(quote.id);
    expect(stored).toMatchObject({ status: "stored", toAddress: "planner@example.com", attempts: 0, attachmentContentType: "application/pdf" });
    expect(stored!.textBody).toContain(`/q/${quote.public_token}`);
    expect(stored!.attachmentContent!.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("only marks the quote sent for another delivery mode: no email, no delivery", async () => {
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    const { event, quote } = await draftFor("by-hand@example.com", "2027-09-12");
    const sent = await send(event.id, quote.id, { delivery_mode: "manual" });
    expect(sent.body).toMatchObject({ status: "sent", delivery: null });
    expect(await outboxOf(quote.id)).toEqual([]);
  });
});

describe("line keys", () => {
  it("gives added and optional lines a lasting key, so a selection survives removing an earlier line", async () => {
    const event = await makeEvent(venue, [["2027-09-25T10:00:00", "2027-09-25T16:00:00"]]);
    const quote = await createQuote(venue, event.id, {
      overrides: {
        optional_lines: [
          { name: "Photo booth", unit_price: 300, tax_rate: 21 },
          { name: "Fireworks", unit_price: 900, tax_rate: 21 },
        ],
      },
    });
    const [booth, fireworks] = quote.overrides.optional_lines as { key: string }[];
    expect(booth!.key).toMatch(/^optional-[0-9a-f]{8}$/);
    expect(fireworks!.key).not.toBe(booth!.key);
    const selected = await api.patch(quoteUrl(venue, event.id, `/${quote.id}`), { token: venue.team.admin.token, body: { selected_optional_keys: [fireworks!.key] } });
    expect(selected.body.total_excl_tax).toBe(2400);
    // The photo booth goes; the fireworks keep their key and stay selected.
    const trimmed = await api.patch(quoteUrl(venue, event.id, `/${quote.id}`), {
      token: venue.team.admin.token,
      body: { overrides: { optional_lines: [quote.overrides.optional_lines[1]] } },
    });
    expect(trimmed.body.breakdown.optional_lines).toEqual([expect.objectContaining({ key: fireworks!.key, selected: true })]);
    expect(trimmed.body.total_excl_tax).toBe(2400);
  });
});
