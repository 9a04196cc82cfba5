import { z } from "zod";
import { ZBodyId, ZDate, ZEmail, ZUuidParam, ZId } from "@/lib/http/schemas";

/** A decimal as JSON number or string, at most 4 decimals: money and quantities stay exact. */
export const ZDecimal = z
  .union([z.number(), z.string().trim()])
  .transform((value) => String(value))
  .refine((value) => /^-?\d{1,12}(\.\d{1,4})?$/.test(value), { message: "must be a decimal number (at most 4 decimals)" });
const ZNonNegative = ZDecimal.refine((value) => !value.startsWith("-"), { message: "must not be negative" });
const ZPercent = ZNonNegative.refine((value) => Number(value) <= 100, { message: "must be at most 100" });
const ZText = (max: number) => z.string().trim().max(max);
const ZOptionalText = (max: number) => z.preprocess((value) => (value === "" ? null : value), ZText(max).nullable()).optional();

const ZLineOverride = z.object({
  key: ZText(200).min(1),
  included: z.boolean().optional(),
  quantity: ZNonNegative.optional(),
  unit_price: ZNonNegative.optional(),
});

const ZExtraLine = z.object({
  key: ZText(200).min(1).optional(),
  name: ZText(255).min(1, { message: "can't be blank" }),
  unit_price: ZNonNegative,
  quantity: ZNonNegative.optional().default("1"),
  tax_rate: ZPercent.optional().default("0"),
  unit: ZText(40).optional().default("fixed"),
  category: ZText(40).optional().default("other"),
  description: ZOptionalText(2000),
});

export const ZOverrides = z
  .object({
    lines: z.array(ZLineOverride).max(500).optional().default([]),
    additional_lines: z.array(ZExtraLine).max(200).optional().default([]),
    optional_lines: z.array(ZExtraLine).max(200).optional().default([]),
  })
  .meta({ id: "QuoteOverrides" });
export type Overrides = z.output<typeof ZOverrides>;

const quoteFields = {
  name: ZOptionalText(255),
  contact_id: ZBodyId.nullable().optional(),
  company_id: ZBodyId.nullable().optional(),
  valid_until: ZDate.nullable().optional(),
  po_number: ZOptionalText(100),
  notes: ZOptionalText(20_000),
  discount_code_id: ZBodyId.nullable().optional(),
  discount_code_ids: z.array(ZBodyId).max(10).optional(),
  customer_first_name: ZOptionalText(255),
  customer_last_name: ZOptionalText(255),
  customer_email: z.preprocess((value) => (value === "" ? null : value), ZEmail.nullable()).optional(),
  company_name: ZOptionalText(255),
  company_vat_number: ZOptionalText(100),
  overrides: ZOverrides.optional(),
  /** Ours: the optional lines the planner counts in (the customer picks them on the public page). */
  selected_optional_keys: z.array(ZText(200)).max(200).optional(),
};

export const ZCreateQuote = z.object(quoteFields).meta({ id: "QuoteCreate" });
export type QuoteInput = z.output<typeof ZCreateQuote>;
export const ZUpdateQuote = z.object(quoteFields).meta({ id: "QuoteUpdate" });

export const ZQuoteParams = z.object({ account_id: ZId, event_id: ZUuidParam });
export const ZQuoteRecordParams = ZQuoteParams.extend({ id: ZId });

export const ZSendQuote = z
  .object({
    delivery_mode: z.string().trim().max(40).optional(),
    subject: ZText(998).optional(),
    body: ZText(100_000).optional(),
    html_body: ZText(500_000).optional(),
    inbox_id: ZBodyId.optional(),
  })
  .meta({ id: "QuoteSend" });
export type SendQuoteInput = z.output<typeof ZSendQuote>;

export const ZAcceptQuote = z.object({ acceptance_reason: ZText(5000).optional() }).meta({ id: "QuoteAccept" });
export const ZRejectQuote = z.object({ rejection_reason: ZText(5000).min(1, { message: "can't be blank" }) }).meta({ id: "QuoteReject" });
