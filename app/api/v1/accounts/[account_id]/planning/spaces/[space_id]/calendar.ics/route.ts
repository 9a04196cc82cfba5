// GET /api/v1/accounts/{account_id}/planning/spaces/{space_id}/calendar.ics?token=… — a space's iCalendar feed
import { getDb } from "@/db/client";
import { handlers, openRoute } from "@/lib/http/route";
import { spaceCalendarOp } from "@/lib/planning/allocations/operations";
import { spaceCalendarFeed } from "@/lib/planning/calendar-feed";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: openRoute(spaceCalendarOp, async ({ params, query }) => spaceCalendarFeed(getDb(), params.account_id, params.space_id, query.token)),
});
