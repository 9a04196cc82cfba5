// POST /api/v1/accounts/{account_id}/planning/events/{event_id}/quotes/{id}/accept
import { accountRoute, handlers } from "@/lib/http/route";
import { acceptQuoteOp } from "@/lib/quotes/operations";
import { presentQuote } from "@/lib/quotes/present";
import { acceptQuote } from "@/lib/quotes/transitions";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: accountRoute(acceptQuoteOp, async ({ ctx, params, body }) => presentQuote(await acceptQuote(ctx, params.event_id, params.id, body.acceptance_reason ?? null))),
});
