// POST /api/v1/accounts/{account_id}/planning/events/{event_id}/quotes/{id}/withdraw
import { accountRoute, handlers } from "@/lib/http/route";
import { withdrawQuoteOp } from "@/lib/quotes/operations";
import { presentQuote } from "@/lib/quotes/present";
import { withdrawQuote } from "@/lib/quotes/transitions";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: accountRoute(withdrawQuoteOp, async ({ ctx, params }) => presentQuote(await withdrawQuote(ctx, params.event_id, params.id))),
});
