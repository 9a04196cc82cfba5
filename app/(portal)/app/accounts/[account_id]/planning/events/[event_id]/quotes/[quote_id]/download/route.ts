// The quote as a PDF for a signed-in member: the same document the customer downloads.
import { quoteDocumentRoute } from "@/lib/portal/loaders/quote-documents";
import { documentOf, pdfFilename } from "@/lib/quotes/present";
import { renderQuotePdf } from "@/lib/quotes/render-pdf";

export const dynamic = "force-dynamic";

export const GET = quoteDocumentRoute(
  async (quote) =>
    new Response(new Uint8Array(await renderQuotePdf(documentOf(quote))), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${pdfFilename(quote)}"`,
        "Cache-Control": "private, no-store",
      },
    }),
);
