// GET /api/v1/accounts/{account_id}/planning/events/{event_id}/quotes/{id}/download — the quote as a PDF
import { accountRoute, handlers } from "@/lib/http/route";
import { downloadQuoteOp } from "@/lib/quotes/operations";
import { documentOf, pdfFilename } from "@/lib/quotes/present";
import { findQuote } from "@/lib/quotes/quotes";
import { renderQuotePdf } from "@/lib/quotes/render-pdf";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(downloadQuoteOp, async ({ ctx, params }) => {
    const quote = await findQuote(ctx, params.event_id, params.id);
    const pdf = await renderQuotePdf(documentOf(quote));
    return new Response(new Uint8Array(pdf), {
      headers: { "Content-Type": "application/pdf", "Content-Disposition": `attachment; filename="${pdfFilename(quote)}"` },
    });
  }),
});
