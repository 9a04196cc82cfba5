import type { Metadata } from "next";
import Form from "next/form";
import Link from "next/link";
import { Pagination } from "@/components/contacts/pagination";
import { statusLabels, statusTones } from "@/components/quotes/editor/format";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { QuoteIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { Select } from "@/components/ui/select";
import { TBody, TD, TH, THead, TR, Table } from "@/components/ui/table";
import { pageContext, type SearchParams } from "@/lib/portal/context";
import { formatMoney } from "@/lib/format/money";
import { listAccountQuotes, quotesPerPage, statusOf } from "@/lib/quotes/quotes";
import { quoteStatuses, type StoredQuoteStatus } from "@/lib/quotes/states";

export const metadata: Metadata = { title: "Quotes · Venuedesk" };

const day = (date: Date | null) => (date ? new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric" }).format(date) : "—");
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Every quote of the account across its events, newest first; each opens in its event's editor. */
export default async function QuotesPage({ params, searchParams }: { params: Promise<{ account_id: string }>; searchParams: SearchParams }) {
  const ctx = await pageContext((await params).account_id);
  const search = await searchParams;
  const status = quoteStatuses.find((value) => value === first(search.status)) as StoredQuoteStatus | undefined;
  const page = Math.max(1, Math.min(100_000, Number.parseInt(first(search.page) ?? "1", 10) || 1));
  const list = await listAccountQuotes(ctx, { page, status });
  const base = `/app/accounts/${ctx.account.id}/quotes`;
  const href = (target: number) => {
    const query = new URLSearchParams({ ...(status ? { status } : {}), ...(target > 1 ? { page: String(target) } : {}) }).toString();
    return query ? `${base}?${query}` : base;
  };
  const eventHref = (eventId: string, quoteId: number) => `/app/accounts/${ctx.account.id}/planning/events/${eventId}?quote=${quoteId}#quotes`;

  return (
    <>
      <PageHeader title="Quotes" description="Every quote version you have prepared, across your events. Open one to edit, send or follow it up." />
      {list.count === 0 && !status ? (
        <EmptyState
          icon={<QuoteIcon className="size-6" />}
          title="No quotes yet"
          description="Quotes are made on an event's page, priced from its bookings and holds. They will be listed here with their status, from draft to accepted."
        />
      ) : (
        <div className="space-y-4">
          <Form action={base} className="flex items-end gap-2">
            <Select
              label="Status"
              name="status"
              defaultValue={status ?? ""}
              options={[{ value: "", label: "All statuses" }, ...quoteStatuses.map((value) => ({ value, label: statusLabels[value] }))]}
            />
            <Button type="submit" variant="secondary">
              Filter
            </Button>
          </Form>
          <Table label="Quotes">
            <THead>
              <TR>
                <TH>Quote</TH>
                <TH>Event</TH>
                <TH>Status</TH>
                <TH className="text-right">Total</TH>
                <TH>Sent</TH>
                <TH>Accepted</TH>
              </TR>
            </THead>
            <TBody>
              {list.rows.map(({ quote, eventName }) => {
                const effective = statusOf(quote);
                return (
                  <TR key={quote.id}>
                    <TD>
                      <Link href={eventHref(quote.planningEventId, quote.id)} className="font-medium text-indigo-700 hover:underline">
                        {quote.name ?? eventName}
                      </Link>
                      <span className="block text-xs text-slate-500">
                        Quote {quote.id} · version {quote.version}
                      </span>
                    </TD>
                    <TD>{eventName}</TD>
                    <TD>
                      <Badge tone={statusTones[effective]}>{statusLabels[effective]}</Badge>
                    </TD>
                    <TD className="text-right tabular-nums">{formatMoney(quote.totalInclTax, quote.currency)}</TD>
                    <TD>{day(quote.quoteSentAt)}</TD>
                    <TD>{day(quote.acceptedAt)}</TD>
                  </TR>
                );
              })}
              {list.rows.length === 0 ? (
                <TR>
                  <TD colSpan={6} className="text-slate-500">
                    No quotes with this status.
                  </TD>
                </TR>
              ) : null}
            </TBody>
          </Table>
          <Pagination page={list.page} last={Math.max(1, Math.ceil(list.count / quotesPerPage))} hasMore={false} href={href} />
        </div>
      )}
    </>
  );
}
