"use client";

import { useRef, useState, useTransition, type ReactNode } from "react";
import { StatusMessage } from "@/components/ui/status-message";
import { priceSelectionAction } from "@/lib/portal/actions/public-quote";
import { attempt } from "@/lib/portal/outcome";
import type { PublicPricing } from "@/lib/quotes/public-page";
import { AcceptForm } from "./accept-form";
import { DeclineForm } from "./decline-form";
import { DownloadLink } from "./download-link";
import { QuoteLines } from "./quote-lines";
import { QuoteTotals } from "./quote-totals";

/**
 * An open quote: the customer ticks optional lines and the server prices the choice from the
 * version's snapshot (the browser never adds anything up); then accepts, declines or downloads.
 * Acceptance waits while a new choice is being priced, so the total it names is the one shown.
 */
export const QuoteWorkspace = ({
  token,
  offered,
  initialSelection,
  initialPricing,
  notes,
}: {
  token: string;
  offered: string[];
  initialSelection: string[];
  initialPricing: PublicPricing;
  notes: ReactNode;
}) => {
  const [selection, setSelection] = useState(initialSelection);
  const [pricing, setPricing] = useState(initialPricing);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  // Only the answer to the latest choice is shown, whatever order answers arrive in.
  const latest = useRef(0);

  const onToggle = (key: string, checked: boolean) => {
    const next = offered.filter((candidate) => (candidate === key ? checked : selection.includes(candidate)));
    setSelection(next);
    const request = ++latest.current;
    startTransition(async () => {
      const result = await attempt(() => priceSelectionAction(token, next));
      if (request !== latest.current) return;
      startTransition(() => {
        if (result.ok) {
          setPricing(result.pricing);
          setError(null);
        } else setError(result.message);
      });
    });
  };

  return (
    <>
      <section aria-labelledby="lines-heading" className="px-5 py-6 sm:px-10 sm:py-8">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="lines-heading" className="text-base font-semibold text-slate-900">
            Your quote
          </h2>
          {offered.length > 0 ? <p className="text-sm text-slate-500">Tick the optional items you would like; the totals follow.</p> : null}
        </div>
        <div className="mt-2">
          <QuoteLines groups={pricing.groups} selectable={{ selected: new Set(selection), onToggle }} />
        </div>
        <div className="mt-8">
          <QuoteTotals totals={pricing.totals} updating={pending} />
          <p role="status" className="mt-2 min-h-5 text-right text-xs text-slate-500">
            {pending ? "Updating totals…" : ""}
          </p>
          {error ? <StatusMessage tone="error">{error}</StatusMessage> : null}
        </div>
        {notes}
      </section>
      <section aria-label="Your decision" className="border-t border-slate-200 bg-slate-50/70 px-5 py-6 sm:px-10 sm:py-8">
        <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
          <AcceptForm token={token} selection={selection} total={pricing.totals.total.amount} busy={pending || error !== null} />
          <div className="space-y-4">
            <div className="rounded-xl border border-slate-200 bg-white p-5">
              <p className="text-sm text-slate-600">Keep a copy, or share it with your colleagues.</p>
              <DownloadLink token={token} selection={selection} className="mt-3 w-full" />
            </div>
            <DeclineForm token={token} />
          </div>
        </div>
      </section>
    </>
  );
};
