// GET /q/{token}/pdf — the customer's PDF of a quote (public: the token is the credential)
import { getDb } from "@/db/client";
import { errorBody } from "@/lib/http/errors";
import { run } from "@/lib/http/route";
import { pdfFilename } from "@/lib/quotes/present";
import { documentFor, publicQuote } from "@/lib/quotes/public-page";
import { statusOf } from "@/lib/quotes/quotes";
import { renderQuotePdf } from "@/lib/quotes/render-pdf";

export const dynamic = "force-dynamic";

const privateHeaders = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow", "Referrer-Policy": "no-referrer" };

/** Unknown tokens and drafts get the same 404 (the standard error body): nothing says whether a quote exists. */
const notFound = () => Response.json(errorBody("Quote could not be found"), { status: 404, headers: privateHeaders });

export const GET = (request: Request, { params }: { params: Promise<{ token: string }> }) =>
  run(request, async () => {
    const { token } = await params;
    const quote = await publicQuote(getDb(), token, { recordView: true });
    if (!quote) return notFound();
    // While the quote is open the PDF follows the optional lines the customer ticked
    // (`?selection=custom&option=key…`), recomputed from the version's own snapshot; once decided,
    // and without a selection, it is the stored version.
    const url = new URL(request.url);
    const custom = statusOf(quote) === "sent" && url.searchParams.get("selection") === "custom";
    const selection = custom ? url.searchParams.getAll("option").slice(0, 200) : undefined;
    const pdf = await renderQuotePdf(documentFor(quote, selection));
    return new Response(new Uint8Array(pdf), {
      headers: { ...privateHeaders, "Content-Type": "application/pdf", "Content-Disposition": `attachment; filename="${pdfFilename(quote)}"` },
    });
  });
