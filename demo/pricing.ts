import type { AccountCtx } from "@/lib/auth/caller";
import { parseInput } from "@/lib/http/validation";
import { createDiscountCode } from "@/lib/pricing/discount-codes/discount-codes";
import { ZCreateDiscountCode } from "@/lib/pricing/discount-codes/schemas";
import { createPricingPlan } from "@/lib/pricing/pricing-plans/pricing-plans";
import { ZCreatePricingPlan } from "@/lib/pricing/pricing-plans/schemas";
import { createRate } from "@/lib/pricing/rates/rates";
import { ZCreateRate } from "@/lib/pricing/rates/schemas";
import { createQuote } from "@/lib/quotes/quotes";
import { ZCreateQuote } from "@/lib/quotes/schemas";
import { acceptQuote, rejectQuote, sendQuote } from "@/lib/quotes/transitions";

/**
 * The demo venue's prices, through the same services the API uses: hourly and day rates,
 * an evening rate per person, catering; a default plan whose rules pick them by weekday and
 * time; two discount codes; a sent quote for the wedding, so the public page has something
 * to show; the sales summit's quote accepted and the gala's declined, so the reports' revenue
 * and quote conversion have figures from the first start.
 */
export const seedDemoPricing = async (ctx: AccountCtx, events: { wedding: string; summit: string; gala: string }) => {
  const weddingEventId = events.wedding;
  const rate = (input: Record<string, unknown>) => createRate(ctx, parseInput(ZCreateRate, input));
  const hourly = await rate({ name: "Room hire per hour", unit: "hour", amount: "145.00", tax_rate: 21 });
  const day = await rate({ name: "Weekend day hire", unit: "day", amount: "2950.00", tax_rate: 21 });
  const evening = await rate({ name: "Evening package per guest per hour", unit: "person_hour", amount: "4.50", tax_rate: 21 });
  await rate({ name: "Dinner menu per guest", unit: "person", amount: "68.00", tax_rate: 9, category: "catering" });
  await createPricingPlan(
    ctx,
    parseInput(ZCreatePricingPlan, {
      name: "Standard prices",
      is_default: true,
      pricing_rules: [
        {
          name: "Weekend evenings",
          rate_id: evening.id,
          priority: 1,
          clauses: [
            { field: "weekday", operator: "in", value: ["fri", "sat"] },
            { field: "start_time", operator: "gte", value: "17:00" },
          ],
        },
        { name: "Weekend days", rate_id: day.id, priority: 2, clauses: [{ field: "weekday", operator: "in", value: ["sat", "sun"] }] },
        { name: "Hourly", rate_id: hourly.id, priority: 10, is_default: true, clauses: [] },
      ],
      bundles: [
        { name: "Welcome drinks", unit: "person", amount: "12.50", tax_rate: 21, category: "catering", description: "Prosecco and softs on arrival" },
        { name: "AV package", unit: "fixed", amount: "450.00", tax_rate: 21, category: "equipment", description: "Projector, screen, two wireless microphones" },
      ],
    }),
  );
  await createDiscountCode(ctx, parseInput(ZCreateDiscountCode, { name: "Returning customer", code: "WELCOMEBACK", discount_type: "percentage", value: 5 }));
  await createDiscountCode(ctx, parseInput(ZCreateDiscountCode, { name: "Midweek offer", code: "MIDWEEK250", discount_type: "fixed_amount", value: 250 }));
  const quote = await createQuote(
    ctx,
    weddingEventId,
    parseInput(ZCreateQuote, {
      name: "Wedding dinner and party",
      overrides: {
        additional_lines: [{ name: "Dinner menu", unit_price: "68.00", quantity: 180, tax_rate: 9, category: "catering" }],
        optional_lines: [{ key: "late-night-snacks", name: "Late-night snacks", unit_price: "7.50", quantity: 180, tax_rate: 9, category: "catering" }],
      },
    }),
  );
  await sendQuote(ctx, weddingEventId, quote.id, { delivery_mode: "manual" });

  const answered = async (eventId: string, name: string, answer: (id: number) => Promise<unknown>) => {
    const sent = await createQuote(ctx, eventId, parseInput(ZCreateQuote, { name }));
    await sendQuote(ctx, eventId, sent.id, { delivery_mode: "manual" });
    await answer(sent.id);
  };
  await answered(events.summit, "Sales summit, two plenary days", (id) => acceptQuote(ctx, events.summit, id, "Signed off by Northwind's events lead"));
  await answered(events.gala, "Charity gala dinner", (id) => rejectQuote(ctx, events.gala, id, "Over the charity's budget this year"));
};
