// GET|PATCH /api/v1/accounts/{account_id}/planning/events/{event_id}/quotes/{id}
import { accountRoute, handlers } from "@/lib/http/route";
import { showQuoteOp, updateQuoteOp } from "@/lib/quotes/operations";
import { presentQuote } from "@/lib/quotes/present";
import { findQuote, updateQuote } from "@/lib/quotes/quotes";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(showQuoteOp, async ({ ctx, params }) => presentQuote(await findQuote(ctx, params.event_id, params.id))),
  PATCH: accountRoute(updateQuoteOp, async ({ ctx, params, body }) => presentQuote(await updateQuote(ctx, params.event_id, params.id, body))),
});
