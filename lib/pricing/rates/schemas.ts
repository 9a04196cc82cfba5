import Big from "big.js";
import { z } from "zod";
import { rateCategories, rateUnits } from "@/db/schema";
import { ZBool, ZName, ZUuid } from "@/lib/http/schemas";
import { parseDecimal } from "../money";

export { rateCategories, rateUnits };

type DecimalRule = {
  /** Decimals the column keeps: more would be rounded away silently, so they are refused. */
  scale: number;
  /** Digits before the point the column holds. */
  integerDigits: number;
  /** Smallest allowed value, inclusive. */
  min?: number;
  /** Allowed values lie strictly above this. */
  above?: number;
  /** Largest allowed value, inclusive. */
  max?: number;
};

const decimalText = /^-?\d+(\.\d+)?$/;

const readDecimal = (text: string) => {
  try {
    return parseDecimal(text);
  } catch {
    return null;
  }
};

/**
 * Money and percentages as JSON numbers (125.5) or decimal strings ("125.50"). The value never
 * passes through float arithmetic: a number is read as the shortest text that prints it and
 * checked as that text, so 0.1 + 0.2 (0.30000000000000004) is refused for its decimals rather
 * than rounded. The output is the canonical decimal string ("125.5") that numeric columns take.
 */
export const ZDecimal = ({ scale, integerDigits, min, above, max }: DecimalRule) =>
  z
    .pipe(
      // Not a bare preprocess: that would let the key be absent, in the document and in parsing.
      z.unknown(),
      z.preprocess(
        (value) => (typeof value === "number" ? String(value) : value),
        z.string({ error: (issue) => (issue.input === undefined ? undefined : "must be a decimal number (e.g. 125.50)") }),
      ),
    )
    .transform((text, ctx) => {
      const refuse = (message: string) => {
        ctx.addIssue({ code: "custom", message, input: text });
        return z.NEVER;
      };
      const value = readDecimal(text);
      if (value === null) return refuse("must be a decimal number (e.g. 125.50)");
      if ((text.split(".")[1]?.length ?? 0) > scale) return refuse(`must have at most ${scale} decimals`);
      if (min !== undefined && value.lt(min)) return refuse(`must be at least ${min}`);
      if (above !== undefined && value.lte(above)) return refuse(`must be greater than ${above}`);
      if (max !== undefined && value.gt(max)) return refuse(`must be at most ${max}`);
      if (value.abs().gte(new Big(10).pow(integerDigits))) return refuse("is too large");
      return value.toFixed();
    })
    .meta({
      description: "A decimal as a JSON number or string (125.5 or \"125.50\")",
      override: ({ jsonSchema }) => {
        delete jsonSchema.type;
        jsonSchema.anyOf = [{ type: "number" }, { type: "string", pattern: decimalText.source }];
      },
    });

/** Amounts of rates, bundles and fixed discounts: numeric(16, 4). */
export const ZAmount = ZDecimal({ scale: 4, integerDigits: 12, min: 0 });
/** A tax rate in percent (21, 5.5): numeric(6, 3). */
export const ZTaxRate = ZDecimal({ scale: 3, integerDigits: 3, min: 0, max: 100 });

const rateFields = {
  name: ZName,
  unit: z.enum(rateUnits).meta({ description: "hour, day, person, person_hour or fixed" }),
  amount: ZAmount.meta({ description: "Price per unit, at most 4 decimals" }),
  tax_rate: ZTaxRate.optional().meta({ description: "Percent, 0 to 100; 0 when omitted" }),
  category: z.enum(rateCategories).optional().meta({ description: "space when omitted" }),
  space_id: ZUuid.nullable().optional().meta({ description: "A space of the account; null prices any space" }),
  active: ZBool.optional(),
};

export const ZCreateRate = z.object(rateFields).meta({ id: "RateCreate" });
export type CreateRateInput = z.output<typeof ZCreateRate>;
export const ZUpdateRate = z.object(rateFields).partial().meta({ id: "RateUpdate" });
export type UpdateRateInput = z.output<typeof ZUpdateRate>;

export const ZRate = z
  .object({
    id: z.int(),
    name: z.string(),
    unit: z.enum(rateUnits),
    amount: z.number(),
    tax_rate: z.number().meta({ description: "Percent" }),
    category: z.enum(rateCategories),
    space_id: z.uuid().nullable(),
    active: z.boolean(),
    created_at: z.string().meta({ description: "ISO 8601, UTC" }),
    updated_at: z.string().meta({ description: "ISO 8601, UTC" }),
  })
  .meta({ id: "Rate" });

export const ZRateList = z.array(ZRate).meta({ id: "RateList" });
