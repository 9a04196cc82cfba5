import { z } from "zod";
import { discountTypes } from "@/db/schema";
import { ZBool, ZDate, ZName } from "@/lib/http/schemas";
import { ZDecimal } from "../rates/schemas";

export { discountTypes };


/** Customers type codes in: surrounding spaces are trimmed, spaces inside refused. */
const ZCode = z
  .string()
  .trim()
  .min(1, { message: "can't be blank" })
  .max(64)
  .regex(/^\S*$/, { message: "can't contain spaces" });

const discountCodeFields = {
  name: ZName,
  code: ZCode.meta({ description: "Unique per account, ignoring case" }),
  discount_type: z.enum(discountTypes).meta({ description: "percentage or fixed_amount" }),
  value: ZDecimal({ scale: 4, integerDigits: 12, above: 0 }).meta({
    description: "percentage: more than 0 and at most 100; fixed_amount: more than 0 (in the quote's currency)",
  }),
  active: ZBool.optional(),
  valid_until: ZDate.nullable().optional().meta({ description: "Last day the code may be used; null never expires" }),
  max_redemptions: z.int().min(1).max(2_147_483_647).nullable().optional().meta({ description: "null is no limit" }),
};

export const ZCreateDiscountCode = z.object(discountCodeFields).meta({ id: "DiscountCodeCreate" });
export type CreateDiscountCodeInput = z.output<typeof ZCreateDiscountCode>;
export const ZUpdateDiscountCode = z.object(discountCodeFields).partial().meta({ id: "DiscountCodeUpdate" });
export type UpdateDiscountCodeInput = z.output<typeof ZUpdateDiscountCode>;

export const ZDiscountCode = z
  .object({
    id: z.int(),
    name: z.string(),
    code: z.string(),
    discount_type: z.enum(discountTypes),
    value: z.number(),
    active: z.boolean(),
    valid_until: z.iso.date().nullable(),
    max_redemptions: z.int().nullable(),
    redemptions_count: z.int().meta({ description: "Times the code was redeemed (read-only)" }),
    created_at: z.string().meta({ description: "ISO 8601, UTC" }),
    updated_at: z.string().meta({ description: "ISO 8601, UTC" }),
  })
  .meta({ id: "DiscountCode" });

export const ZDiscountCodeList = z.array(ZDiscountCode).meta({ id: "DiscountCodeList" });
