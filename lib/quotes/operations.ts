import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { ZAcceptQuote, ZCreateQuote, ZQuoteParams, ZQuoteRecordParams, ZRejectQuote, ZSendQuote, ZUpdateQuote } from "./schemas";

const tag = "Quotes";
const base = "/api/v1/accounts/{account_id}/planning/events/{event_id}/quotes";
const record = `${base}/{id}`;

/** The parties a version froze when it was priced: later edits of the contact or company do not change them. */
const ZQuoteCustomer = z
  .object({
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    phone_number: z.string().nullable(),
  })
  .meta({ description: "The customer as this version froze it: the contact's details, or the customer_* fields given" });
const ZQuoteCompany = z
  .object({ name: z.string().nullable(), vat_number: z.string().nullable(), address: z.string().nullable(), email: z.string().nullable() })
  .nullable()
  .meta({ description: "The company as this version froze it, or null when it names none" });

/** The quote as the API answers it (breakdown documented in the README: DESIGN.md §6 shapes). */
export const ZQuote = z
  .object({
    id: z.int(),
    account_id: z.int(),
    planning_event_id: z.uuid(),
    status: z.enum(["draft", "sent", "withdrawn", "accepted", "rejected", "superseded", "archived", "expired"]),
    version: z.int(),
    name: z.string().nullable(),
    po_number: z.string().nullable(),
    notes: z.string().nullable(),
    contact_id: z.int().nullable(),
    company_id: z.int().nullable(),
    pricing_plan_id: z.int().nullable(),
    discount_code_id: z.int().nullable(),
    discount_code_ids: z.array(z.int()),
    currency: z.string(),
    total_incl_tax: z.number(),
    total_excl_tax: z.number(),
    total_tax: z.number(),
    breakdown: z.record(z.string(), z.unknown()),
    overrides: z.record(z.string(), z.unknown()),
    selected_optional_keys: z.array(z.string()).meta({ description: "Keys of the optional lines counted in the totals (chosen by the planner or the customer)" }),
    customer: ZQuoteCustomer,
    company: ZQuoteCompany,
    valid_until: z.string().nullable(),
    public_token: z.string(),
    public_url: z.string(),
    preview_url: z.string(),
    download_url: z.string(),
    quote_sent_at: z.string().nullable(),
    viewed_at: z.string().nullable().meta({ description: "When the customer first opened the public page (ISO 8601, UTC)" }),
    accepted_at: z.string().nullable(),
    accepted_by_name: z.string().nullable(),
    accepted_ip: z.string().nullable().meta({ description: "The accepting client's address, by the TRUST_PROXY rule" }),
    accepted_user_agent: z.string().nullable(),
    acceptance_reason: z.string().nullable().meta({ description: "The reason given with the acceptance (`acceptance_reason` of accept), if any" }),
    rejected_at: z.string().nullable(),
    rejection_reason: z.string().nullable().meta({ description: "The reason given with the rejection (`rejection_reason` of reject)" }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "Quote" });

/** Where send_quote's email stands. `message` and `error_code` are ours: a mail server's text is never answered. */
export const ZQuoteDelivery = z
  .object({
    status: z
      .enum(["sent", "queued", "stored", "failed"])
      .describe(
        "sent: the mail server took it; queued: waiting for an attempt (retried with backoff); stored: no mail server is configured, kept in the portal's outbox; failed: refused (5xx) or out of attempts",
      ),
    attempts: z.int(),
    next_attempt_at: z.string().nullable().describe("When a queued email is tried next"),
    error_code: z.enum(["refused", "deferred", "unreachable"]).nullable().describe("The last failure's kind: 5xx, 4xx, or no answer"),
    message: z.string(),
  })
  .meta({ id: "QuoteDelivery" });

/** send_quote's answer: the quote, sent, and its email (null when `delivery_mode` is not `email`). */
export const ZSentQuote = ZQuote.extend({ delivery: ZQuoteDelivery.nullable() }).meta({ id: "SentQuote" });

/** What every quote operation shares: user tokens, the quote as the answer. */
const quoteAnswer = { tag, callers: ["user"], response: ZQuote } as const;
const onRecord = { ...quoteAnswer, params: ZQuoteRecordParams } as const;

export const listQuotesOp = defineOperation({
  method: "GET",
  path: base,
  summary: "The event's quotes, newest version first",
  tag,
  callers: ["user"],
  params: ZQuoteParams,
  response: z.object({ payload: z.array(ZQuote) }),
  errors: [404],
});

export const createQuoteOp = defineOperation({
  ...quoteAnswer,
  method: "POST",
  path: base,
  summary:
    "Price the event's live allocations into a new draft version (quote_manage): plan and rules chosen per allocation, overrides, discount codes in order, taxes by rate, exact decimals. Fields are sent unwrapped",
  params: ZQuoteParams,
  body: ZCreateQuote,
  status: 201,
  errors: [403, 404],
});
export const showQuoteOp = defineOperation({ ...onRecord, method: "GET", path: record, summary: "Show a quote version", errors: [404] });
export const updateQuoteOp = defineOperation({
  ...onRecord,
  method: "PATCH",
  path: record,
  summary: "Change a draft and price it again (422 invalid_transition once sent)",
  body: ZUpdateQuote,
  errors: [403, 404],
});
export const sendQuoteOp = defineOperation({
  ...onRecord,
  method: "POST",
  path: `${record}/send_quote`,
  summary:
    "Mark the quote sent and email it with its PDF and public link (SMTP_URL, else the portal's outbox); any other delivery_mode only marks it sent. The email is queued with the quote's change and retried when the mail server fails: `delivery` tells where it stands, and a failed delivery still answers 200. Sending again sends a new email",
  body: ZSendQuote,
  response: ZSentQuote,
  errors: [403, 404, 409],
});
export const withdrawQuoteOp = defineOperation({ ...onRecord, method: "POST", path: `${record}/withdraw`, summary: "Withdraw a sent quote", errors: [403, 404] });
export const reviseQuoteOp = defineOperation({
  ...onRecord,
  method: "POST",
  path: `${record}/revise`,
  summary: "A new draft version from this one, priced again; a draft or sent source becomes superseded. Answers the new version",
  status: 201,
  errors: [403, 404],
});
export const acceptQuoteOp = defineOperation({
  ...onRecord,
  method: "POST",
  path: `${record}/accept`,
  summary: "Accept on the customer's behalf: the event's holds are confirmed in the same transaction (409 if one no longer can be)",
  body: ZAcceptQuote,
  errors: [403, 404, 409],
});
export const rejectQuoteOp = defineOperation({
  ...onRecord,
  method: "POST",
  path: `${record}/reject`,
  summary: "Record the customer's rejection",
  body: ZRejectQuote,
  errors: [403, 404],
});
export const archiveQuoteOp = defineOperation({ ...onRecord, method: "POST", path: `${record}/archive`, summary: "Archive a quote", errors: [403, 404] });

export const previewQuoteOp = defineOperation({
  method: "GET",
  path: `${record}/preview`,
  summary: "The quote as an HTML page (the same document as the PDF and the public page)",
  tag,
  callers: ["user"],
  params: ZQuoteRecordParams,
  errors: [404],
});

export const downloadQuoteOp = defineOperation({
  method: "GET",
  path: `${record}/download`,
  summary: "The quote as a PDF (Content-Disposition: attachment)",
  tag,
  callers: ["user"],
  params: ZQuoteRecordParams,
  errors: [404],
});

export const publicQuotePdfOp = defineOperation({
  method: "GET",
  path: "/q/{token}/pdf",
  summary:
    "The customer's PDF of a sent quote (no token: the link is the credential). While the quote is open, `selection=custom` with `option` keys prices the chosen optional lines",
  tag,
  callers: [],
  params: z.object({ token: z.string().max(64) }),
  query: z.object({ selection: z.literal("custom").optional(), option: z.union([z.string(), z.array(z.string())]).optional() }),
  errors: [404],
});
