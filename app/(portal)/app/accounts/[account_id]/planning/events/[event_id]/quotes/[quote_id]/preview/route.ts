// The quote as HTML for a signed-in member (the editor's Preview opens it in a new tab).
import { quoteDocumentRoute } from "@/lib/portal/loaders/quote-documents";
import { documentOf } from "@/lib/quotes/present";
import { renderQuoteHtml } from "@/lib/quotes/render-html";

export const dynamic = "force-dynamic";

export const GET = quoteDocumentRoute(
  (quote) =>
    new Response(renderQuoteHtml(documentOf(quote)), {
      headers: { "Content-Type": "text/html; charset=utf-8", "X-Content-Type-Options": "nosniff", "Cache-Control": "private, no-store" },
    }),
);
