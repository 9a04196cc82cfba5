// POST /api/v1/accounts/{account_id}/planning/events/{event_id}/quotes/{id}/archive
import { accountRoute, handlers } from "@/lib/http/route";
import { archiveQuoteOp } from "@/lib/quotes/operations";
import { presentQuote } from "@/lib/quotes/present";
import { archiveQuote } from "@/lib/quotes/transitions";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: accountRoute(archiveQuoteOp, async ({ ctx, params }) => presentQuote(await archiveQuote(ctx, params.event_id, params.id))),
});
