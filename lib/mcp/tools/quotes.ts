import { listDiscountCodes } from "@/lib/pricing/discount-codes/discount-codes";
import { listDiscountCodesOp } from "@/lib/pricing/discount-codes/operations";
import { presentDiscountCode } from "@/lib/pricing/discount-codes/present";
import { listPricingPlansOp } from "@/lib/pricing/pricing-plans/operations";
import { listPricingPlans } from "@/lib/pricing/pricing-plans/pricing-plans";
import { presentPricingPlan } from "@/lib/pricing/pricing-plans/present";
import { listRatesOp } from "@/lib/pricing/rates/operations";
import { presentRate } from "@/lib/pricing/rates/present";
import { listRates } from "@/lib/pricing/rates/rates";
import { createQuoteOp, reviseQuoteOp, sendQuoteOp, showQuoteOp, updateQuoteOp, withdrawQuoteOp } from "@/lib/quotes/operations";
import { presentQuote } from "@/lib/quotes/present";
import { createQuote, findQuote, updateQuote } from "@/lib/quotes/quotes";
import { reviseQuote, sendQuote, withdrawQuote } from "@/lib/quotes/transitions";
import { adds, defineTool, reads, removes, sets } from "../tool";
import { outputOf, toolInput, wrapped } from "./input";

/*
 * Pricing and quotes. Every member may read rates, plans, discount codes and quotes (the services
 * say so: quotes are priced with them); the quote services ask every change for quote_manage.
 */

const eventId = showQuoteOp.params.shape.event_id.describe("The planning event's id (UUID), from create_event, list_events or get_contact's story");
const quoteId = showQuoteOp.params.shape.id.describe("The quote's id (`id` in create_quote's answer or get_event's quotes); each version has its own id");
const quoteRef = { event_id: eventId, quote_id: quoteId };

const money = "Money is a decimal string (\"1250.00\"), exact, in the event's currency";

/**
 * The body create and update share (the same schemas), described for a model: lines come from the
 * event's allocations priced by the pricing plan; overrides add, drop or re-price lines.
 */
const quoteFields = (shape: typeof createQuoteOp.body.shape) => ({
  ...shape,
  name: shape.name.describe("A title for the quote, e.g. \"Wedding, 120 guests\""),
  valid_until: shape.valid_until.describe("Last day the customer may accept, YYYY-MM-DD in the venue's time zone"),
  contact_id: shape.contact_id.describe("The customer, when not the event's contact (contact id)"),
  customer_email: shape.customer_email.describe("Where send_quote emails it, when not the contact's email"),
  discount_code_ids: shape.discount_code_ids.describe("Discount codes (ids from list_discount_codes), applied in this order"),
  overrides: shape.overrides.describe(
    `Changes to the priced lines. lines: [{key, included (false drops it), quantity, unit_price}] by the key of a generated line; ` +
      `additional_lines: [{name, unit_price, quantity (default 1), tax_rate (percent, default 0), unit, category, description, key}] always counted; ` +
      `optional_lines: the same shape, offered to the customer and counted only once selected (give each a key). ${money}.`,
  ),
  selected_optional_keys: shape.selected_optional_keys.describe("Keys of optional_lines to count in now; the customer can change the choice on the public page"),
});

export const quoteTools = [
  defineTool({
    name: "list_rates",
    title: "List rates",
    description:
      "Lists the account's rates by name: what a space, catering, equipment or staff costs per unit (hour, day, person, person_hour, fixed), with tax_rate in percent " +
      "and the space it is for (null = any). Returns {payload: [rates]}; amounts are decimal strings in the account's currency.",
    access: "member",
    scope: "read",
    annotations: reads,
    input: toolInput({}),
    output: wrapped(listRatesOp.response),
    run: async (ctx) => ({ payload: (await listRates(ctx)).map(presentRate) }),
  }),

  defineTool({
    name: "list_pricing_plans",
    title: "List pricing plans",
    description:
      "Lists the pricing plans by name, each with its rules (which rate prices an allocation, by weekday, time in the space's time zone, attendees, duration …) and " +
      "bundles (packages to add to a quote as one line). A quote uses the event's pricing_plan_id, else the plan valid on the date, else the default plan. Returns {payload: [plans]}.",
    access: "member",
    scope: "read",
    annotations: reads,
    input: toolInput({}),
    output: wrapped(listPricingPlansOp.response),
    run: async (ctx) => ({ payload: (await listPricingPlans(ctx)).map(presentPricingPlan) }),
  }),

  defineTool({
    name: "list_discount_codes",
    title: "List discount codes",
    description:
      "Lists the discount codes by code: percentage or fixed_amount, value, whether active, valid_until and redemptions left. Returns {payload: [codes]}; a code's `id` " +
      "is what create_quote's discount_code_ids take.",
    access: "member",
    scope: "read",
    annotations: reads,
    input: toolInput({}),
    output: wrapped(listDiscountCodesOp.response),
    run: async (ctx) => ({ payload: (await listDiscountCodes(ctx)).map(presentDiscountCode) }),
  }),

  defineTool({
    name: "create_quote",
    title: "Create a quote",
    description:
      "Prices the event's live allocations into a new draft quote version: the pricing plan picks a rate per allocation, then overrides, additional and optional lines, " +
      "discount codes in order and taxes per rate apply, in exact decimals. Returns the quote: id, version, status draft, total_excl_tax / total_tax / total_incl_tax " +
      "(numbers in the event's currency), breakdown (lines with keys, optional_lines with `selected`, discounts, taxes, warnings such as no_rate) and public_url. " +
      "Next: update_quote to change it, send_quote to send it.",
    access: "quote_manage",
    scope: "write",
    annotations: adds,
    input: toolInput({ event_id: eventId, ...quoteFields(createQuoteOp.body.shape) }),
    output: outputOf(createQuoteOp.response),
    run: async (ctx, { event_id, ...body }) => presentQuote(await createQuote(ctx, event_id, body)),
  }),

  defineTool({
    name: "update_quote",
    title: "Update a draft quote",
    description:
      "Changes a draft quote and prices it again from the event as it is now: the fields given replace the stored ones (overrides as a whole). A quote that was sent " +
      "cannot change (422 invalid_transition): use revise_quote for a new version. Returns the quote.",
    access: "quote_manage",
    scope: "write",
    annotations: sets,
    input: toolInput({ ...quoteRef, ...quoteFields(updateQuoteOp.body.shape) }),
    output: outputOf(updateQuoteOp.response),
    run: async (ctx, { event_id, quote_id, ...patch }) => presentQuote(await updateQuote(ctx, event_id, quote_id, patch)),
  }),

  defineTool({
    name: "get_quote",
    title: "Get a quote",
    description:
      "Returns one quote version: status (draft, sent, accepted, rejected, withdrawn, superseded, archived, or expired once past valid_until), totals, the full breakdown, " +
      "customer, public_url (the customer's page), when it was sent, viewed and accepted.",
    access: "member",
    scope: "read",
    annotations: reads,
    input: toolInput(quoteRef),
    output: outputOf(showQuoteOp.response),
    run: async (ctx, { event_id, quote_id }) => presentQuote(await findQuote(ctx, event_id, quote_id)),
  }),

  defineTool({
    name: "send_quote",
    title: "Send a quote",
    description:
      "Marks a draft (or sent) quote sent and emails the customer the PDF and the public link where they pick optional lines and accept (delivery_mode email, the " +
      "default; any other mode, e.g. manual, only marks it sent). The email needs the contact's email or the quote's customer_email. Returns the quote with `delivery`: " +
      "sent, queued (retried), stored (no mail server: kept in the portal's outbox) or failed. Sending again sends a new email.",
    access: "quote_manage",
    scope: "write",
    annotations: adds,
    input: toolInput({
      ...quoteRef,
      delivery_mode: sendQuoteOp.body.shape.delivery_mode.describe("email (default) or e.g. manual (only marks it sent)"),
      subject: sendQuoteOp.body.shape.subject.describe("The email's subject; a default names the event and the venue"),
      body: sendQuoteOp.body.shape.body.describe("The email's text; the public link is added below it"),
      html_body: sendQuoteOp.body.shape.html_body,
      inbox_id: sendQuoteOp.body.shape.inbox_id.describe("The inbox the conversation about the quote lives in (from list_inboxes)"),
    }),
    output: outputOf(sendQuoteOp.response),
    run: async (ctx, { event_id, quote_id, ...body }) => presentQuote(await sendQuote(ctx, event_id, quote_id, body)),
  }),

  defineTool({
    name: "revise_quote",
    title: "Revise a quote",
    description:
      "Copies a quote into a new draft version, priced again from the event as it is now (a fresh validity date); a draft or sent source becomes superseded. " +
      "Returns the NEW version (its own id): change it with update_quote, then send_quote.",
    access: "quote_manage",
    scope: "write",
    annotations: adds,
    input: toolInput(quoteRef),
    output: outputOf(reviseQuoteOp.response),
    run: async (ctx, { event_id, quote_id }) => presentQuote(await reviseQuote(ctx, event_id, quote_id)),
  }),

  defineTool({
    name: "withdraw_quote",
    title: "Withdraw a quote",
    description:
      "Withdraws a sent quote: the customer can no longer accept it. Only a sent quote can be withdrawn (otherwise 422 invalid_transition). Returns the quote.",
    access: "quote_manage",
    scope: "write",
    annotations: removes,
    input: toolInput(quoteRef),
    output: outputOf(withdrawQuoteOp.response),
    run: async (ctx, { event_id, quote_id }) => presentQuote(await withdrawQuote(ctx, event_id, quote_id)),
  }),
];
