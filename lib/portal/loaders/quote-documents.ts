import type { QuoteRow } from "@/db/schema";
import { portalContext } from "@/lib/auth/session";
import { ApiError } from "@/lib/http/errors";
import { ZId, ZUuid } from "@/lib/http/schemas";
import { findQuote } from "@/lib/quotes/quotes";

type Params = Promise<{ account_id: string; event_id: string; quote_id: string }>;

const notFoundResponse = () => new Response("Quote not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * The portal's document routes (preview, PDF): the signed-in member's session stands in for
 * the API's token, and any member of the account may read a quote, as through the API. A
 * signed-out visitor goes to the login page; ids of nothing in the account are 404.
 */
export const quoteDocumentRoute =
  (render: (quote: QuoteRow) => Promise<Response> | Response) =>
  async (_request: Request, { params }: { params: Params }) => {
    const { account_id, event_id, quote_id } = await params;
    const eventId = ZUuid.safeParse(event_id);
    const quoteId = ZId.safeParse(quote_id);
    if (!eventId.success || !quoteId.success) return notFoundResponse();
    const ctx = await portalContext(account_id);
    let quote: QuoteRow;
    try {
      quote = await findQuote(ctx, eventId.data, quoteId.data);
    } catch (error) {
      if (error instanceof ApiError && error.code === "not_found") return notFoundResponse();
      throw error;
    }
    return render(quote);
  };
