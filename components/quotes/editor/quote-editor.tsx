"use client";

import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useCallback, useEffect, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { AlertIcon, QuoteIcon } from "@/components/ui/icons";
import { useLiveStale } from "@/components/portal/live-provider";
import { StatusMessage } from "@/components/ui/status-message";
import { createQuoteAction, quotesAction } from "@/lib/portal/actions/quotes";
import type { EditorQuote, QuoteEditorData } from "@/lib/portal/loaders/quote-editor";
import { orThrow } from "@/lib/portal/outcome";
import { EditorProvider, quoteKeys, useEditor } from "./editor-context";
import { formatMoney } from "@/lib/format/money";
import { formatDate, formatInstant, statusLabels, statusTones } from "./format";
import { AddLines } from "./line-form";
import { QuoteDetails } from "./quote-details";
import { QuoteLines } from "./quote-lines";
import { QuoteToolbar } from "./quote-toolbar";
import { QuoteDiscounts, QuoteTotals } from "./quote-totals";
import { touchTarget } from "./touch";

export type QuoteEditorProps = {
  accountId: number;
  eventId: string;
  data: QuoteEditorData;
  /** The version to open (`?quote=` from the outbox); else the latest. */
  initialQuoteId: number | null;
};

/**
 * The editor keeps its own query client: the versions refetch when the live stream says one of
 * the event's quotes changed (the customer viewed or accepted it, another planner edited it).
 */
export const QuoteEditor = (props: QuoteEditorProps) => {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 15_000, retry: 1, refetchOnWindowFocus: true } } }));
  return (
    <QueryClientProvider client={client}>
      <EditorRoot {...props} />
    </QueryClientProvider>
  );
};

const EditorRoot = ({ accountId, eventId, data, initialQuoteId }: QuoteEditorProps) => {
  const { quotes: initialQuotes, ...shared } = data;
  const query = useQuery({
    queryKey: quoteKeys.list(accountId, eventId),
    // A failed refetch keeps the versions shown (react-query keeps the last data).
    queryFn: async () => orThrow(await quotesAction(accountId, eventId)).quotes,
    initialData: initialQuotes,
  });
  const queryClient = useQueryClient();
  useLiveStale((stale) => {
    if (stale.some((target) => target.kind === "everything" || (target.kind === "planning-event" && target.id === eventId))) {
      void queryClient.invalidateQueries({ queryKey: quoteKeys.list(accountId, eventId) });
    }
  });
  const quotes = query.data;
  const [selectedId, setSelectedId] = useState<number | null>(initialQuoteId);
  const select = useCallback((id: number) => setSelectedId(id), []);
  const selected = quotes.find((quote) => quote.id === selectedId) ?? quotes[0] ?? null;
  const [sharedData] = useState(shared);

  return (
    <EditorProvider accountId={accountId} eventId={eventId} data={sharedData} onSelect={select}>
      {selected ? (
        <div className="space-y-6">
          <VersionList quotes={quotes} selectedId={selected.id} />
          <QuotePanel key={selected.id} quote={selected} />
        </div>
      ) : (
        <NoQuotes />
      )}
    </EditorProvider>
  );
};

const NoQuotes = () => {
  const { accountId, eventId, run, busy, canManage, notice } = useEditor();
  return (
    <div className="flex flex-col items-center rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center">
      <div className="mb-3 flex size-10 items-center justify-center rounded-full bg-indigo-50 text-indigo-600" aria-hidden="true">
        <QuoteIcon className="size-5" />
      </div>
      <h3 className="text-sm font-semibold text-slate-900">No quotes yet</h3>
      <p className="mt-1 max-w-md text-sm text-slate-500">
        A quote is priced from the event&apos;s bookings and holds with the account&apos;s rates; you can then adjust lines, add extras and discounts, and send it.
      </p>
      {canManage ? (
        <Button className={cn("mt-4", touchTarget)} disabled={busy} onClick={() => run(() => createQuoteAction(accountId, eventId, {}))}>
          {busy ? "Creating…" : "Create quote"}
        </Button>
      ) : null}
      {notice?.tone === "error" ? (
        <StatusMessage tone="error" className="mt-4 text-left">
          {notice.text}
        </StatusMessage>
      ) : null}
    </div>
  );
};

/**
 * Every version of the event's quote, newest first, with its state, total and dates. On a phone
 * the state and dates go under the version's name, beside its total.
 */
const VersionList = ({ quotes, selectedId }: { quotes: EditorQuote[]; selectedId: number }) => {
  const { select, canManage, run, busy, accountId, eventId } = useEditor();
  // Every version archived: nothing left to revise, so a fresh quote can be started.
  const allArchived = quotes.every((quote) => quote.status === "archived");
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">Versions</h3>
        {canManage && allArchived ? (
          <Button size="sm" variant="secondary" className={touchTarget} disabled={busy} onClick={() => run(() => createQuoteAction(accountId, eventId, {}))}>
            New quote
          </Button>
        ) : null}
      </div>
      <div className="relative overflow-x-auto rounded-lg border border-slate-200">
        <table aria-label="Quote versions" className="min-w-full text-sm">
          <thead className="bg-slate-50">
            <tr className="text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
              <th scope="col" className="px-3 py-2">
                Version
              </th>
              <th scope="col" className="px-3 py-2 max-sm:hidden">
                Status
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Total
              </th>
              <th scope="col" className="px-3 py-2 max-sm:hidden">
                Sent
              </th>
              <th scope="col" className="px-3 py-2 max-sm:hidden">
                Accepted
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {quotes.map((quote) => {
              const current = quote.id === selectedId;
              const sent = quote.quote_sent_at ? formatInstant(quote.quote_sent_at, quote.timezone) : null;
              const accepted = quote.accepted_at ? formatInstant(quote.accepted_at, quote.timezone) : null;
              return (
                <tr key={quote.id} className={cn("cursor-pointer", current ? "bg-indigo-50/60" : "hover:bg-slate-50")} onClick={() => select(quote.id)}>
                  <td className="px-3 py-2 max-sm:py-2.5">
                    <button
                      type="button"
                      onClick={(event) => {
                        event.stopPropagation();
                        select(quote.id);
                      }}
                      aria-current={current ? "true" : undefined}
                      className={cn("rounded text-left font-medium whitespace-nowrap hover:underline max-sm:min-h-10", current ? "text-indigo-700" : "text-slate-800")}
                    >
                      Version {quote.version}
                      {quote.name ? <span className="block max-w-64 truncate text-xs font-normal text-slate-500 max-sm:max-w-44">{quote.name}</span> : null}
                    </button>
                    <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-slate-500 sm:hidden">
                      <Badge tone={statusTones[quote.status]}>{statusLabels[quote.status]}</Badge>
                      {sent ? <span>Sent {sent}</span> : null}
                      {accepted ? <span>Accepted {accepted}</span> : null}
                    </span>
                  </td>
                  <td className="px-3 py-2 max-sm:hidden">
                    <Badge tone={statusTones[quote.status]}>{statusLabels[quote.status]}</Badge>
                  </td>
                  <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums max-sm:py-2.5">{formatMoney(quote.total_incl_tax, quote.currency)}</td>
                  <td className="px-3 py-2 whitespace-nowrap text-slate-600 max-sm:hidden">{sent ?? "—"}</td>
                  <td className="px-3 py-2 whitespace-nowrap text-slate-600 max-sm:hidden">{accepted ?? "—"}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
};

/** What happened to the version, in a sentence or two. */
const History = ({ quote }: { quote: EditorQuote }) => {
  const at = (iso: string) => formatInstant(iso, quote.timezone);
  const facts = [
    `Created ${at(quote.created_at)}`,
    quote.quote_sent_at ? `sent ${at(quote.quote_sent_at)}` : null,
    quote.viewed_at ? `first viewed ${at(quote.viewed_at)}` : null,
    quote.accepted_at ? `accepted ${at(quote.accepted_at)}${quote.accepted_by_name ? ` by ${quote.accepted_by_name}` : ""}` : null,
    quote.rejected_at ? `rejected ${at(quote.rejected_at)}` : null,
  ].filter(Boolean);
  return (
    <div className="space-y-1 text-xs text-slate-500">
      <p>
        {facts.join(" · ")} ({quote.timezone.replaceAll("_", " ")})
      </p>
      {quote.valid_until ? (
        <p>
          {quote.status === "expired" ? "Expired after" : "Valid until"} {formatDate(quote.valid_until)}
        </p>
      ) : null}
      {quote.acceptance_reason ? <p>Acceptance note: {quote.acceptance_reason}</p> : null}
      {quote.rejection_reason ? <p>Reason given: {quote.rejection_reason}</p> : null}
    </div>
  );
};

const pricingWarnings = new Set(["no_rate", "no_plan"]);

const Warnings = ({ quote }: { quote: EditorQuote }) => {
  const { pricingSettingsPath, canManage } = useEditor();
  const warnings = quote.breakdown.warnings;
  if (warnings.length === 0) return null;
  const needsPricing = warnings.some((warning) => pricingWarnings.has(warning.code));
  return (
    <div role="status" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <div className="flex items-start gap-2">
        <AlertIcon className="mt-0.5 size-4 shrink-0" />
        <div className="space-y-1">
          <ul className="space-y-0.5">
            {warnings.map((warning, index) => (
              <li key={`${warning.code}-${index}`}>{warning.message}.</li>
            ))}
          </ul>
          {needsPricing ? (
            <p>
              {canManage ? "Add a rate or a pricing plan that covers it in " : "An administrator can add a rate or plan in "}
              <Link href={pricingSettingsPath} className="font-medium underline">
                pricing settings
              </Link>
              {quote.status === "draft" ? ", then save any change here (or revise) to price it again." : ", then revise the quote."}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
};

const QuotePanel = ({ quote }: { quote: EditorQuote }) => {
  const { canManage, notice, setNotice } = useEditor();
  const editable = canManage && quote.status === "draft";

  // A success note clears itself; errors stay until the next action.
  useEffect(() => {
    if (notice?.tone !== "success") return;
    const timer = setTimeout(() => setNotice(null), 6000);
    return () => clearTimeout(timer);
  }, [notice, setNotice]);

  return (
    <section aria-labelledby={`quote-${quote.id}-heading`} className="space-y-5 rounded-lg border border-slate-200 p-3 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h3 id={`quote-${quote.id}-heading`} className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900">
            Version {quote.version}
            <Badge tone={statusTones[quote.status]}>{statusLabels[quote.status]}</Badge>
          </h3>
          <History quote={quote} />
        </div>
        <p className="sm:text-right">
          <span className="block text-xs text-slate-500">Total incl. tax</span>
          <span className="text-lg font-semibold text-slate-900 tabular-nums">{formatMoney(quote.total_incl_tax, quote.currency)}</span>
        </p>
      </div>

      <QuoteToolbar quote={quote} />
      {notice ? <StatusMessage tone={notice.tone}>{notice.text}</StatusMessage> : null}
      {!editable && canManage && quote.status !== "draft" ? (
        <p className="text-xs text-slate-500">Only a draft can be changed. Revise this version to make a new draft from it.</p>
      ) : null}
      <Warnings quote={quote} />

      <QuoteLines quote={quote} editable={editable} />
      {editable ? <AddLines quote={quote} /> : null}

      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <QuoteDiscounts quote={quote} editable={editable} />
        <div className="md:col-start-2">
          <QuoteTotals quote={quote} />
        </div>
      </div>

      <div className="border-t border-slate-200 pt-4">
        <h3 className="mb-3 text-sm font-semibold text-slate-900">Customer and terms</h3>
        <QuoteDetails quote={quote} editable={editable} />
      </div>
    </section>
  );
};
