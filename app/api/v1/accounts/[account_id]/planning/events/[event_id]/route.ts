// GET|PATCH|DELETE /api/v1/accounts/{account_id}/planning/events/{event_id}
import { accountRoute, handlers } from "@/lib/http/route";
import { deleteEvent, findEvent, updateEvent } from "@/lib/planning/events/events";
import { deleteEventOp, showEventOp, updateEventOp } from "@/lib/planning/events/operations";
import { presentEvent } from "@/lib/planning/events/present";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(showEventOp, async ({ ctx, params }) => presentEvent(await findEvent(ctx, params.event_id))),
  PATCH: accountRoute(updateEventOp, async ({ ctx, params, body }) => presentEvent(await updateEvent(ctx, params.event_id, body))),
  DELETE: accountRoute(deleteEventOp, async ({ ctx, params }) => deleteEvent(ctx, params.event_id)),
});
