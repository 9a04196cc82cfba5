import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { EditorProvider } from "@/components/quotes/editor/editor-context";
import { QuoteLines } from "@/components/quotes/editor/quote-lines";
import { QuoteDiscounts, QuoteTotals } from "@/components/quotes/editor/quote-totals";
import type { EditorQuote } from "@/lib/portal/loaders/quote-editor";

const data = { discountCodes: [], bundles: [], delivery: "outbox" as const, canManage: false, pricingSettingsPath: "/", outboxPath: "/" };

/** A version's lines, discounts and totals as the editor renders them for a member who reads them. */
export const renderEditor = (quote: EditorQuote) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <EditorProvider accountId={1} eventId="event" data={data} onSelect={() => {}}>
        <QuoteLines quote={quote} editable={false} />
        <QuoteDiscounts quote={quote} editable={false} />
        <QuoteTotals quote={quote} />
      </EditorProvider>
    </QueryClientProvider>,
  );
