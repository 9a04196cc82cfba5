// POST /api/v1/accounts/{account_id}/planning/events/{event_id}/quotes/{id}/reject
import { accountRoute, handlers } from "@/lib/http/route";
import { rejectQuoteOp } from "@/lib/quotes/operations";
import { presentQuote } from "@/lib/quotes/present";
import { rejectQuote } from "@/lib/quotes/transitions";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: accountRoute(rejectQuoteOp, async ({ ctx, params, body }) => presentQuote(await rejectQuote(ctx, params.event_id, params.id, body.rejection_reason))),
});
