// POST /api/v1/accounts/{account_id}/planning/events/{event_id}/quotes/{id}/revise
import { accountRoute, handlers } from "@/lib/http/route";
import { reviseQuoteOp } from "@/lib/quotes/operations";
import { presentQuote } from "@/lib/quotes/present";
import { reviseQuote } from "@/lib/quotes/transitions";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: accountRoute(reviseQuoteOp, async ({ ctx, params }) => presentQuote(await reviseQuote(ctx, params.event_id, params.id))),
});
