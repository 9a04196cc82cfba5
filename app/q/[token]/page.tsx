import type { Metadata } from "next";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { DownloadLink } from "@/components/quotes/public/download-link";
import { QuoteLines } from "@/components/quotes/public/quote-lines";
import { QuoteState, type StateTone } from "@/components/quotes/public/quote-state";
import { QuoteTotals } from "@/components/quotes/public/quote-totals";
import { QuoteWorkspace } from "@/components/quotes/public/quote-workspace";
import type { QuoteRow } from "@/db/schema";
import { presentQuote, type QuoteView } from "@/lib/quotes/format";
import { documentOf } from "@/lib/quotes/present";
import { formatMoment, offeredKeys, selectedKeys } from "@/lib/quotes/public-page";
import { QuotedSpacesKnowledge } from "@/components/knowledge-base/space-facts";
import { loadNewerVersion, loadPublicQuote, loadQuotedSpaces } from "@/lib/portal/loaders/public-quote";
import { statusOf } from "@/lib/quotes/quotes";

/*
 * The customer's quote (DESIGN.md §6 "Quote lifecycle"): no sign-in, the token in the link is
 * the credential. It shows what the PDF shows, from the same stored version; while the quote is
 * open the customer picks optional lines, accepts with their typed name or declines with a
 * reason. The first view is recorded. Unknown links and drafts are the same plain 404.
 */

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ token: string }> };

const load = loadPublicQuote;

const privateMetadata: Metadata = { robots: { index: false, follow: false, nocache: true }, referrer: "no-referrer" };

export const generateMetadata = async ({ params }: Params): Promise<Metadata> => {
  const quote = await load((await params).token);
  if (!quote) return { ...privateMetadata, title: "Quote not found" };
  const { account } = documentOf(quote);
  return { ...privateMetadata, title: `Your quote from ${account.name}` };
};

/** A logo the page can show without fetching anything: raster or SVG data: URLs only. */
const dataLogo = (url: string | null) => (url && /^data:image\/(png|jpe?g|gif|webp|svg\+xml);base64,[A-Za-z0-9+/=\s]+$/i.test(url) ? url : null);

const Contact = ({ view }: { view: QuoteView }) =>
  view.account.email ? (
    <a href={`mailto:${view.account.email}`} className="font-medium text-teal-800 underline decoration-teal-300 underline-offset-2">
      {view.account.email}
    </a>
  ) : (
    <>{view.account.name}</>
  );

type State = { tone: StateTone; title: string; body: ReactNode; link?: { href: string; label: string } | null };

/** What a quote that is no longer open says first; null while the customer can still decide. */
const stateOf = async (quote: QuoteRow, view: QuoteView, timeZone: string): Promise<State | null> => {
  const status = statusOf(quote);
  const contact = <Contact view={view} />;
  switch (status) {
    case "sent":
      return null;
    case "accepted": {
      const when = quote.acceptedAt ? formatMoment(quote.acceptedAt, timeZone) : null;
      const by = quote.acceptedByName ? `Accepted by ${quote.acceptedByName}` : "Accepted";
      return {
        tone: "success",
        title: "Quote accepted",
        body: (
          <>
            <p>
              {by}
              {when ? ` on ${when}` : ""}.
            </p>
            <p>Your booking is confirmed. For any changes, contact {contact}.</p>
          </>
        ),
      };
    }
    case "rejected":
      return {
        tone: "neutral",
        title: "Quote declined",
        body: (
          <>
            <p>This quote was declined{quote.rejectedAt ? ` on ${formatMoment(quote.rejectedAt, timeZone)}` : ""}.</p>
            {quote.rejectionReason ? (
              <blockquote className="border-l-2 border-slate-300 pl-3 whitespace-pre-line text-slate-600 italic">{quote.rejectionReason}</blockquote>
            ) : null}
            <p>Changed your mind, or want a different offer? Contact {contact}.</p>
          </>
        ),
      };
    case "withdrawn":
    case "superseded": {
      const newer = await loadNewerVersion(quote);
      const withdrawn = status === "withdrawn";
      return {
        tone: withdrawn ? "warning" : "info",
        title: withdrawn ? "Quote withdrawn" : "Replaced by a newer version",
        body: withdrawn ? (
          <p>{view.account.name} has withdrawn this quote, so it can no longer be accepted. {newer ? "A newer version is ready for you." : <>Questions? Contact {contact}.</>}</p>
        ) : (
          <p>
            {view.account.name} has revised this quote, so this version can no longer be accepted.{" "}
            {newer ? "The new version is ready for you." : <>They will send you the new version; questions meanwhile to {contact}.</>}
          </p>
        ),
        link: newer ? { href: newer.path, label: `View the newest version (version ${newer.version})` } : null,
      };
    }
    case "expired":
      return {
        tone: "warning",
        title: "Quote expired",
        body: (
          <p>
            This quote was valid until {view.validUntil} and can no longer be accepted. Please contact us at {contact} for an updated quote.
          </p>
        ),
      };
    default:
      return { tone: "neutral", title: "Quote no longer active", body: <p>This quote is no longer active. Please contact {contact} for a current offer.</p> };
  }
};

const Label = ({ children }: { children: ReactNode }) => <h2 className="mb-2 text-xs font-semibold tracking-wider text-slate-500 uppercase">{children}</h2>;

const Parties = ({ view }: { view: QuoteView }) => {
  const { customer, company, event } = view;
  const attention = company?.name && customer.name;
  return (
    <section aria-label="Customer and event" className="grid gap-6 px-5 py-6 sm:grid-cols-[2fr_3fr] sm:gap-10 sm:px-10 sm:py-8">
      <div className="text-sm text-slate-700">
        <Label>Prepared for</Label>
        {company?.name ? <p className="font-semibold text-slate-900">{company.name}</p> : null}
        {customer.name ? <p className={attention ? "" : "font-semibold text-slate-900"}>{attention ? `Attn. ${customer.name}` : customer.name}</p> : null}
        {company?.addressLines.map((line) => (
          <p key={line}>{line}</p>
        ))}
        {company?.vatNumber ? <p className="text-slate-500">VAT {company.vatNumber}</p> : null}
        {customer.email ? <p className="break-all text-slate-500">{customer.email}</p> : null}
        {customer.phone ? <p className="text-slate-500">{customer.phone}</p> : null}
        {!company?.name && !customer.name && !customer.email ? <p className="text-slate-500">—</p> : null}
      </div>
      <div className="text-sm text-slate-700">
        <Label>Event</Label>
        <p className="font-semibold text-slate-900">{event.name}</p>
        {event.attendees ? <p className="text-slate-500">{event.attendees}</p> : null}
        {view.spaces.length > 0 ? (
          <ul className="mt-3 space-y-2">
            {view.spaces.map((space, index) => (
              <li key={`${space.name}-${index}`} className="border-l-[3px] border-teal-200 pl-3">
                <p className="font-medium text-slate-900">{space.name}</p>
                <p className="text-slate-500">{space.when}</p>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
};

const Notes = ({ notes }: { notes: string | null }) =>
  notes ? (
    <div className="mt-8 rounded-lg bg-slate-50 px-4 py-4 text-sm text-slate-700 sm:px-5">
      <Label>Notes</Label>
      <p className="whitespace-pre-line">{notes}</p>
    </div>
  ) : null;

export default async function PublicQuotePage({ params }: Params) {
  const { token } = await params;
  const quote = await load(token);
  if (!quote) notFound();
  const document = documentOf(quote);
  const view = presentQuote(document);
  const [state, spaces] = await Promise.all([stateOf(quote, view, document.timezone), loadQuotedSpaces(quote)]);
  const logo = dataLogo(view.account.logoUrl);
  const meta: [string, string][] = [
    ["Reference", view.reference],
    ["Version", String(view.version)],
    ["Issued", view.issued],
    ...(view.validUntil ? [["Valid until", view.validUntil] as [string, string]] : []),
    ...(view.poNumber ? [["PO number", view.poNumber] as [string, string]] : []),
  ];

  return (
    <main className="min-h-screen bg-slate-100 sm:px-6 sm:py-10">
      <article className="mx-auto max-w-4xl overflow-hidden bg-white sm:rounded-2xl sm:shadow-sm sm:ring-1 sm:ring-slate-200">
        <header className="border-b-2 border-teal-800 px-5 pt-6 pb-6 sm:px-10 sm:pt-8">
          <div className="flex items-center gap-3">
            {logo ? (
              // eslint-disable-next-line @next/next/no-img-element -- a data: URL logo: nothing to fetch or optimise
              <img src={logo} alt="" className="h-11 max-w-40 shrink-0 object-contain" />
            ) : null}
            <div className="min-w-0">
              <p className="truncate text-base font-semibold text-slate-900">{view.account.name}</p>
              {view.account.email ? <p className="truncate text-sm text-slate-500">{view.account.email}</p> : null}
            </div>
          </div>
          <p className="mt-7 text-xs font-bold tracking-[0.16em] text-teal-800 uppercase">Quote</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-balance text-slate-900 sm:text-3xl">{view.title}</h1>
          <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:flex sm:flex-wrap sm:gap-x-10">
            {meta.map(([term, value]) => (
              <div key={term}>
                <dt className="text-slate-500">{term}</dt>
                <dd className="font-medium text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
        </header>

        {state ? (
          <div className="px-5 pt-6 sm:px-10 sm:pt-8">
            <QuoteState tone={state.tone} title={state.title} link={state.link}>
              {state.body}
            </QuoteState>
          </div>
        ) : null}

        <Parties view={view} />

        <QuotedSpacesKnowledge spaces={spaces} />

        <div className="border-t border-slate-200">
          {state ? (
            <>
              <section aria-labelledby="lines-heading" className="px-5 py-6 sm:px-10 sm:py-8">
                <h2 id="lines-heading" className="text-base font-semibold text-slate-900">
                  Your quote
                </h2>
                <div className="mt-2">
                  <QuoteLines groups={view.groups} />
                </div>
                <div className="mt-8">
                  <QuoteTotals totals={view.totals} />
                </div>
                <Notes notes={view.notes} />
              </section>
              <section aria-label="Download" className="flex flex-col gap-3 border-t border-slate-200 bg-slate-50/70 px-5 py-6 sm:flex-row sm:items-center sm:justify-between sm:px-10">
                <p className="text-sm text-slate-600">Keep a copy of this quote for your records.</p>
                <DownloadLink token={token} />
              </section>
            </>
          ) : (
            <QuoteWorkspace
              token={token}
              offered={offeredKeys(quote)}
              initialSelection={selectedKeys(quote)}
              initialPricing={{ groups: view.groups, totals: view.totals }}
              notes={<Notes notes={view.notes} />}
            />
          )}
        </div>

        <footer className="flex flex-col gap-1 border-t border-slate-200 px-5 py-4 text-xs text-slate-500 sm:flex-row sm:justify-between sm:px-10">
          <span>
            {view.account.name}
            {view.account.email ? ` · ${view.account.email}` : ""}
          </span>
          <span>
            {view.footer}
            {view.validUntil ? ` · Valid until ${view.validUntil}` : ""}
          </span>
        </footer>
      </article>
    </main>
  );
}
