// GET /api/v1/accounts/{account_id}/planning/events/{event_id}/quotes/{id}/preview — the quote as HTML
import { accountRoute, handlers } from "@/lib/http/route";
import { previewQuoteOp } from "@/lib/quotes/operations";
import { documentOf } from "@/lib/quotes/present";
import { findQuote } from "@/lib/quotes/quotes";
import { renderQuoteHtml } from "@/lib/quotes/render-html";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(previewQuoteOp, async ({ ctx, params }) => {
    const html = renderQuoteHtml(documentOf(await findQuote(ctx, params.event_id, params.id)));
    return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8", "X-Content-Type-Options": "nosniff" } });
  }),
});
