// POST /api/v1/accounts/{account_id}/planning/events/{event_id}/quotes/{id}/send_quote
import { accountRoute, handlers } from "@/lib/http/route";
import { sendQuoteOp } from "@/lib/quotes/operations";
import { presentQuote } from "@/lib/quotes/present";
import { sendQuote } from "@/lib/quotes/transitions";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: accountRoute(sendQuoteOp, async ({ ctx, params, body }) => presentQuote(await sendQuote(ctx, params.event_id, params.id, body))),
});
