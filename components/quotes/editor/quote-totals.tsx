"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { controlClass } from "@/components/ui/field";
import { updateQuoteAction } from "@/lib/portal/actions/quotes";
import type { EditorQuote } from "@/lib/portal/loaders/quote-editor";
import { useEditor } from "./editor-context";
import { formatDeduction, formatDiscountValue, formatMoney, formatPercent } from "@/lib/format/money";
import { setDiscounts } from "./patches";
import { touchTarget } from "./touch";

/**
 * The discount codes on the version, in the order they apply (each on what the earlier ones
 * left), with what each took off; on a draft, codes can be added and removed.
 */
export const QuoteDiscounts = ({ quote, editable }: { quote: EditorQuote; editable: boolean }) => {
  const id = useId();
  const { accountId, eventId, run, busy, discountCodes } = useEditor();
  const [choice, setChoice] = useState("");
  const applied = quote.breakdown.discounts;
  const appliedIds = quote.discount_code_ids;
  const available = discountCodes.filter((code) => !appliedIds.includes(code.id));
  const save = (ids: number[]) => run(() => updateQuoteAction(accountId, eventId, quote.id, setDiscounts(ids).patch));

  if (!editable && applied.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-2">
      <h3 id={`${id}-heading`} className="text-sm font-semibold text-slate-900">
        Discounts
      </h3>
      {applied.length > 0 ? (
        <ol className="divide-y divide-slate-100 rounded-md border border-slate-200" aria-label="Applied discount codes">
          {applied.map((discount, index) => (
            <li key={`${discount.code}-${index}`} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
              <span className="min-w-0 flex-1">
                <span className="font-mono text-xs font-semibold text-slate-800">{discount.code}</span>{" "}
                <span className="text-slate-600">
                  {discount.name} ({formatDiscountValue(discount.discount_type, discount.value, quote.currency)})
                </span>
              </span>
              <span className="flex shrink-0 items-center gap-1">
                <span className="whitespace-nowrap text-emerald-700 tabular-nums">{formatDeduction(discount.amount, quote.currency)}</span>
                {editable && appliedIds[index] !== undefined ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    className={touchTarget}
                    disabled={busy}
                    aria-label={`Remove discount ${discount.code}`}
                    onClick={() => save(appliedIds.filter((_, position) => position !== index))}
                  >
                    Remove
                  </Button>
                ) : null}
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-slate-500">No discount codes applied.</p>
      )}
      {editable ? (
        available.length > 0 ? (
          <form
            className="flex items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              if (!choice) return;
              void save([...appliedIds, Number(choice)]).then((result) => {
                if (result.ok) setChoice("");
              });
            }}
          >
            <div className="min-w-0 flex-1 space-y-1.5">
              <label htmlFor={`${id}-code`} className="block text-sm font-medium text-slate-800">
                Discount code
              </label>
              <select id={`${id}-code`} value={choice} onChange={(event) => setChoice(event.target.value)} className={controlClass(false, `h-9 py-1 pr-8 ${touchTarget}`)}>
                <option value="">Choose a code…</option>
                {available.map((code) => (
                  <option key={code.id} value={code.id} disabled={code.unusable !== null}>
                    {code.code} — {code.name} ({formatDiscountValue(code.discount_type, code.value, quote.currency)}){code.unusable ? ` · ${code.unusable}` : ""}
                  </option>
                ))}
              </select>
            </div>
            <Button type="submit" variant="secondary" className={touchTarget} disabled={busy || !choice}>
              Apply code
            </Button>
          </form>
        ) : discountCodes.length === 0 ? (
          <p className="text-xs text-slate-500">The account has no discount codes yet.</p>
        ) : null
      ) : null}
    </section>
  );
};

/** Subtotal, discounts, tax by rate and the totals — as the server priced them. */
export const QuoteTotals = ({ quote }: { quote: EditorQuote }) => {
  const { breakdown, currency } = quote;
  const money = (amount: string) => formatMoney(amount, currency);
  return (
    <dl className="ml-auto w-full max-w-sm space-y-1.5 text-sm" aria-label={`Totals of version ${quote.version}`}>
      <div className="flex justify-between gap-4">
        <dt className="text-slate-600">Subtotal</dt>
        <dd className="tabular-nums" data-testid="quote-subtotal">
          {money(breakdown.subtotal_excl_tax)}
        </dd>
      </div>
      {breakdown.discounts.map((discount, index) => (
        <div key={`${discount.code}-${index}`} className="flex justify-between gap-4 text-emerald-700">
          <dt>Discount {discount.code}</dt>
          <dd className="tabular-nums">{formatDeduction(discount.amount, currency)}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t border-slate-200 pt-1.5">
        <dt className="text-slate-600">Total excl. tax</dt>
        <dd className="tabular-nums" data-testid="quote-total-excl-tax">
          {money(breakdown.total_excl_tax)}
        </dd>
      </div>
      {breakdown.taxes.map((tax) => (
        <div key={tax.tax_rate} className="flex justify-between gap-4 text-slate-600">
          <dt>
            Tax {formatPercent(tax.tax_rate)} <span className="text-slate-400">on {money(tax.base)}</span>
          </dt>
          <dd className="tabular-nums">{money(tax.tax)}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t border-slate-300 pt-1.5 text-base font-semibold text-slate-900">
        <dt>Total incl. tax</dt>
        <dd className="tabular-nums" data-testid="quote-total">
          {money(breakdown.total_incl_tax)}
        </dd>
      </div>
    </dl>
  );
};
