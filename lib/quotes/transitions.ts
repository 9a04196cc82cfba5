import { and, eq, sql } from "drizzle-orm";
import { anyOf } from "@/db/any";
import type { DbOrTx } from "@/db/client";
import { accounts, discountCodes, planningEvents, quotes, type QuoteRow } from "@/db/schema";
import { requirePermission } from "@/lib/auth/authorize";
import type { AccountCtx } from "@/lib/auth/caller";
import { customerActor, recordEventChange, recordQuoteEvent, type QuoteEventName } from "@/lib/events/planning-payloads";
import { actorOf, type Actor } from "@/lib/events/record";
import { ApiError, fieldError } from "@/lib/http/errors";
import { deliverQueuedMail, queueMail, senderAddress, type DeliveryState, type OutgoingMail } from "@/lib/mail/deliver";
import { confirmHolds } from "@/lib/planning/allocations/confirm-holds";
import { eventView } from "@/lib/planning/events/events";
import { priceFromSnapshot, type QuoteSnapshot } from "./compute";
import type { StoredBreakdown } from "./document";
import { documentOf, pdfFilename } from "./present";
import { findQuoteEvent } from "./pricing-inputs";
import { allowed, findQuote, inputOf, newPublicToken, nextVersion, statusOf, versionColumns } from "./quotes";
import { renderQuotePdf } from "./render-pdf";
import type { SendQuoteInput } from "./schemas";
import { inboxFromBody } from "@/lib/contacts/contacts";

/** Runs `work` on the quote under its row lock, after the lifecycle allows `action`. */
const act = async <T>(ctx: AccountCtx, eventId: string, id: number, work: (db: DbOrTx, quote: QuoteRow) => Promise<T>) => {
  requirePermission(ctx, "quote_manage");
  return ctx.db.transaction(async (db) => work(db, await findQuote({ ...ctx, db }, eventId, id, { forUpdate: true })));
};

const save = async (db: DbOrTx, quote: QuoteRow, changes: Partial<typeof quotes.$inferInsert>) => {
  const [updated] = await db
    .update(quotes)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(quotes.id, quote.id))
    .returning();
  return updated!;
};

/** Saves a transition and records its `quote_*` event on the same transaction. */
const saveAnnounced = async (db: DbOrTx, quote: QuoteRow, changes: Partial<typeof quotes.$inferInsert>, event: { name: QuoteEventName; actor: Actor }) => {
  const saved = await save(db, quote, changes);
  await recordQuoteEvent(db, { ...event, quote: saved });
  return saved;
};

export const withdrawQuote = (ctx: AccountCtx, eventId: string, id: number) =>
  act(ctx, eventId, id, (db, quote) => {
    allowed(quote, "withdraw");
    return saveAnnounced(db, quote, { status: "withdrawn", withdrawnAt: new Date() }, { name: "quote_withdrawn", actor: actorOf(ctx.caller) });
  });

const rejection = (reason: string) => ({ status: "rejected", rejectedAt: new Date(), rejectionReason: reason }) as const;

export const rejectQuote = (ctx: AccountCtx, eventId: string, id: number, reason: string) =>
  act(ctx, eventId, id, (db, quote) => {
    allowed(quote, "reject");
    return saveAnnounced(db, quote, rejection(reason), { name: "quote_rejected", actor: actorOf(ctx.caller) });
  });

export const archiveQuote = (ctx: AccountCtx, eventId: string, id: number) =>
  act(ctx, eventId, id, (db, quote) => {
    allowed(quote, "archive");
    return save(db, quote, { status: "archived", archivedAt: new Date() });
  });

/** A new draft version from this one's request, priced from the event as it is now. */
export const reviseQuote = (ctx: AccountCtx, eventId: string, id: number) =>
  act(ctx, eventId, id, async (db, quote) => {
    const result = allowed(quote, "revise");
    const tx = { ...ctx, db };
    const event = await findQuoteEvent(tx, eventId);
    const input = inputOf(quote);
    // The old validity date may have passed: a revision gets a fresh one.
    const columns = await versionColumns(tx, event, { ...input, valid_until: undefined });
    const version = await nextVersion(tx, event.id);
    if (result.allowed && result.source) await save(db, quote, { status: result.source });
    const [revision] = await db
      .insert(quotes)
      .values({ ...columns, accountId: ctx.account.id, planningEventId: event.id, version, status: "draft", publicToken: newPublicToken() })
      .returning();
    return revision!;
  });

export type Acceptance = {
  by: { userId: number | null; name: string | null; ip: string | null; userAgent: string | null };
  reason?: string | null;
  /** The customer's choice of optional lines on the public page (recomputed from the snapshot). */
  selectedOptionalKeys?: string[];
};

/**
 * Acceptance, by a manager or by the customer, under the quote's row lock: the lifecycle must
 * allow it (a second acceptance returns the first one's result unchanged), the event's holds
 * become bookings in the same transaction (409 if one can no longer be confirmed, and nothing
 * changes), the discount codes count a redemption, and the event becomes definite. Announced as
 * `quote_accepted`, `allocation_updated` per hold confirmed and `event_updated` (its status).
 */
const acceptLocked = async (db: DbOrTx, quote: QuoteRow, acceptance: Acceptance, actor: Actor): Promise<QuoteRow> => {
  if (quote.status === "accepted") return quote;
  allowed(quote, "accept");
  const snapshot = quote.snapshot as QuoteSnapshot;
  const offered = new Set((quote.breakdown as StoredBreakdown).optional_lines.map((line) => line.key));
  const unknown = acceptance.selectedOptionalKeys?.find((key) => !offered.has(key));
  if (unknown !== undefined) throw fieldError("selected_optional_keys", `names no optional line of this quote (${unknown})`);
  const priced = acceptance.selectedOptionalKeys === undefined ? null : priceFromSnapshot(snapshot, acceptance.selectedOptionalKeys);
  await confirmHolds(
    db,
    quote.accountId,
    snapshot.allocations.map((allocation) => allocation.id),
    actor,
  );
  if (quote.discountCodeIds.length > 0) {
    await db
      .update(discountCodes)
      .set({ redemptionsCount: sql`${discountCodes.redemptionsCount} + 1` })
      .where(and(eq(discountCodes.accountId, quote.accountId), anyOf(discountCodes.id, quote.discountCodeIds)));
  }
  // Locked after the allocations, the order an allocation's own write takes them in.
  const before = await eventView(db, quote.accountId, quote.planningEventId, { forUpdate: true });
  const [definite] = await db
    .update(planningEvents)
    .set({ status: "definite", updatedAt: new Date() })
    .where(and(eq(planningEvents.id, quote.planningEventId), anyOf(planningEvents.status, ["lead", "tentative"])))
    .returning({ id: planningEvents.id });
  if (definite) await recordEventChange(db, { before, after: await eventView(db, quote.accountId, quote.planningEventId), actor });
  const accepted = {
    status: "accepted",
    acceptedAt: new Date(),
    acceptanceReason: acceptance.reason ?? null,
    acceptedByUserId: acceptance.by.userId,
    acceptedByName: acceptance.by.name,
    acceptedIp: acceptance.by.ip,
    acceptedUserAgent: acceptance.by.userAgent,
    ...(priced
      ? {
          breakdown: priced,
          selectedOptionalKeys: acceptance.selectedOptionalKeys,
          totalExclTax: priced.total_excl_tax,
          totalTax: priced.total_tax,
          totalInclTax: priced.total_incl_tax,
        }
      : {}),
  } as const;
  return saveAnnounced(db, quote, accepted, { name: "quote_accepted", actor });
};

/** The manager's acceptance through the API. */
export const acceptQuote = (ctx: AccountCtx, eventId: string, id: number, reason: string | null) =>
  act(ctx, eventId, id, (db, quote) => {
    const user = ctx.caller.kind === "user" ? ctx.caller.user : null;
    return acceptLocked(db, quote, { reason, by: { userId: user?.id ?? null, name: user?.name ?? null, ip: null, userAgent: null } }, actorOf(ctx.caller));
  });

const defaultText = (document: ReturnType<typeof documentOf>, amount: string) =>
  [
    `Dear ${document.customer.name ?? "customer"},`,
    "",
    `Please find our quote for ${document.event.name} attached (version ${document.quote.version}, ${amount} ${document.quote.currency} incl. tax${
      document.quote.valid_until ? `, valid until ${document.quote.valid_until}` : ""
    }).`,
    "",
    `You can review it, choose optional items and accept it online: ${document.quote.public_url}`,
    "",
    `Kind regards,`,
    document.account.name,
  ].join("\n");

/** The quote as the customer gets it once sent: the PDF of a draft being sent must not say "Draft". */
const asSent = (quote: QuoteRow): QuoteRow => ({ ...quote, status: "sent" });

/** What the email carries depends on the document only: unchanged document, unchanged email. */
const fingerprint = (quote: QuoteRow) => JSON.stringify(documentOf(asSent(quote)));

/** The email of `quote` with its PDF: rendered here, outside any transaction (it takes a while). */
const composeMail = async (ctx: AccountCtx, quote: QuoteRow, input: SendQuoteInput): Promise<OutgoingMail> => {
  const document = documentOf(asSent(quote));
  const to = document.customer.email;
  if (!to) throw fieldError("customer_email", "is needed to email the quote: set the contact's email or customer_email");
  const [account] = await ctx.db.select().from(accounts).where(eq(accounts.id, ctx.account.id));
  return {
    accountId: ctx.account.id,
    quoteId: quote.id,
    from: senderAddress(account!.name, account!.supportEmail),
    replyTo: account!.supportEmail,
    to,
    subject: input.subject ?? `Your quote for ${document.event.name} from ${document.account.name}`,
    text: input.body ? `${input.body}\n\n${document.quote.public_url}` : defaultText(document, quote.totalInclTax),
    html: input.html_body ?? null,
    attachment: { filename: pdfFilename(quote), content: await renderQuotePdf(document), contentType: "application/pdf" },
  };
};

/** The quote once sent, and where its email stands (null when it was not sent by email). */
export type SentQuote = QuoteRow & { delivery: DeliveryState | null };

/** Renderings of a quote that keeps changing under them are given up after this many. */
const composeTries = 3;

/**
 * send_quote: `delivery_mode` other than `email` only marks the quote sent (the planner sends it
 * their own way); otherwise the customer is emailed with the PDF attached and the public link.
 * The quote is marked sent and its email queued in one transaction, so neither happens without
 * the other; the email is then delivered after commit (one attempt now, retries by the mail
 * dispatcher), or kept in the portal's outbox when no mail server is configured. A failed
 * delivery does not unsend the quote: `delivery` tells how it went. Sending again queues a new email.
 */
export const sendQuote = async (ctx: AccountCtx, eventId: string, id: number, input: SendQuoteInput): Promise<SentQuote> => {
  requirePermission(ctx, "quote_manage");
  // INTERFACE.md's inbox_id names where the conversation about the quote lives: it must be one of the account's.
  if (input.inbox_id !== undefined) await inboxFromBody(ctx, input.inbox_id);
  const byEmail = input.delivery_mode === undefined || input.delivery_mode === "email";
  for (let tries = 1; ; tries++) {
    const quote = await findQuote(ctx, eventId, id);
    allowed(quote, "send");
    const mail = byEmail ? await composeMail(ctx, quote, input) : null;
    const done = await act(ctx, eventId, id, async (db, locked) => {
      allowed(locked, "send");
      // Edited while the PDF was rendered: what was rendered is not what would be sent.
      if (mail && fingerprint(locked) !== fingerprint(quote)) return null;
      const sent = await saveAnnounced(db, locked, { status: "sent", quoteSentAt: new Date(), sentByUserId: ctx.caller.kind === "user" ? ctx.caller.user.id : null }, { name: "quote_sent", actor: actorOf(ctx.caller) });
      return { sent, queued: mail ? await queueMail(db, mail) : null };
    });
    if (done) return { ...done.sent, delivery: done.queued && (await deliverQueuedMail(ctx.db, done.queued)) };
    if (tries === composeTries) throw new ApiError("conflict", "The quote kept changing while it was being sent; send it again");
  }
};

/** The state a quote is in right now (`expired` included), for callers outside this module. */
export const currentStatus = statusOf;

/**
 * The public page: the quote behind a token, each view counted, and its first view recorded with `quote_viewed`.
 * Of two first views at once, only the one whose update still found `viewed_at` null announces it.
 */
export const quoteByToken = async (db: DbOrTx, token: string, options: { recordView?: boolean } = {}): Promise<QuoteRow | null> => {
  if (!/^[\w-]{20,64}$/.test(token)) return null;
  const [quote] = await db.select().from(quotes).where(eq(quotes.publicToken, token));
  if (!quote) return null;
  // Every view while the quote awaits the customer's answer counts: view_count is the views
  // before acceptance (or rejection) that quote conversion reports.
  if (options.recordView && quote.status === "sent") {
    await db
      .update(quotes)
      .set({ viewCount: sql`${quotes.viewCount} + 1` })
      .where(and(eq(quotes.id, quote.id), eq(quotes.status, "sent")));
  }
  if (options.recordView && quote.viewedAt === null && quote.status !== "draft") {
    const viewed = await db.transaction(async (tx) => {
      const [first] = await tx
        .update(quotes)
        .set({ viewedAt: new Date() })
        .where(and(eq(quotes.id, quote.id), sql`${quotes.viewedAt} is null`))
        .returning();
      if (first) await recordQuoteEvent(tx, { name: "quote_viewed", quote: first, actor: customerActor });
      return first;
    });
    return viewed ?? quote;
  }
  return quote;
};

/** The customer's acceptance through the public page: the token is the credential. */
export const acceptByToken = async (db: DbOrTx, token: string, acceptance: Acceptance) =>
  db.transaction(async (tx) => {
    const [quote] = await tx.select().from(quotes).where(eq(quotes.publicToken, token)).for("update");
    if (!quote) throw new ApiError("not_found", "Quote could not be found");
    if (quote.status === "draft") throw new ApiError("invalid_transition", "This quote has not been sent yet");
    return acceptLocked(tx, quote, acceptance, customerActor);
  });

export const rejectByToken = async (db: DbOrTx, token: string, reason: string) =>
  db.transaction(async (tx) => {
    const [quote] = await tx.select().from(quotes).where(eq(quotes.publicToken, token)).for("update");
    if (!quote) throw new ApiError("not_found", "Quote could not be found");
    if (quote.status === "rejected") return quote;
    if (quote.status === "draft") throw new ApiError("invalid_transition", "This quote has not been sent yet");
    allowed(quote, "reject");
    return saveAnnounced(tx, quote, rejection(reason), { name: "quote_rejected", actor: customerActor });
  });
