// GET|POST /api/v1/accounts/{account_id}/planning/events
import { accountRoute, handlers } from "@/lib/http/route";
import { createEventWithAllocations } from "@/lib/planning/events/create-event-with-allocations";
import { listEvents } from "@/lib/planning/events/events";
import { createEventOp, listEventsOp } from "@/lib/planning/events/operations";
import { presentEvent, presentEventPage } from "@/lib/planning/events/present";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(listEventsOp, async ({ ctx, query }) => presentEventPage(await listEvents(ctx, query))),
  POST: accountRoute(createEventOp, async ({ ctx, body }) => presentEvent(await createEventWithAllocations(ctx, body))),
});
