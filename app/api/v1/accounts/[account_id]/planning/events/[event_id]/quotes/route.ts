// GET|POST /api/v1/accounts/{account_id}/planning/events/{event_id}/quotes
import { accountRoute, handlers } from "@/lib/http/route";
import { createQuoteOp, listQuotesOp } from "@/lib/quotes/operations";
import { presentQuote } from "@/lib/quotes/present";
import { createQuote, listQuotes } from "@/lib/quotes/quotes";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(listQuotesOp, async ({ ctx, params }) => ({ payload: (await listQuotes(ctx, params.event_id)).map(presentQuote) })),
  POST: accountRoute(createQuoteOp, async ({ ctx, params, body }) => presentQuote(await createQuote(ctx, params.event_id, body))),
});
