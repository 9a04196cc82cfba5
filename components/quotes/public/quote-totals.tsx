import { cn } from "@/components/ui/cn";
import type { QuoteView, TotalRow } from "@/lib/quotes/format";

const Row = ({ row, className }: { row: TotalRow; className?: string }) => (
  <div className={cn("flex items-baseline justify-between gap-6", className)}>
    <dt>{row.label}</dt>
    <dd className="text-right whitespace-nowrap tabular-nums">{row.amount}</dd>
  </div>
);

/** Subtotal, discounts, taxes by rate and the total, large; dimmed while a new choice is priced. */
export const QuoteTotals = ({ totals, updating = false }: { totals: QuoteView["totals"]; updating?: boolean }) => (
  <div className="flex justify-end">
    <dl aria-busy={updating || undefined} className={cn("w-full space-y-1.5 text-sm text-slate-700 transition-opacity sm:max-w-sm", updating && "opacity-50")}>
      <Row row={totals.subtotal} />
      {totals.discounts.map((row) => (
        <Row key={row.label} row={row} className="text-emerald-700" />
      ))}
      {totals.totalExclTax ? <Row row={totals.totalExclTax} className="border-t border-slate-200 pt-1.5 font-medium text-slate-900" /> : null}
      {totals.taxes.map((row) => (
        <Row key={row.label} row={row} />
      ))}
      <div className="mt-3 flex items-baseline justify-between gap-6 border-t-2 border-slate-900 pt-3">
        <dt className="text-base font-semibold text-slate-900">{totals.total.label}</dt>
        <dd className="text-right text-2xl font-bold tracking-tight whitespace-nowrap text-slate-900 tabular-nums sm:text-3xl" data-testid="quote-total">
          {totals.total.amount}
        </dd>
      </div>
    </dl>
  </div>
);
