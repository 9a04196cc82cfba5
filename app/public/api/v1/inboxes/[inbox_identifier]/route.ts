// GET /public/api/v1/inboxes/{inbox_identifier}
import { inboxRoute } from "@/lib/client-api/route";
import { showClientInboxOp } from "@/lib/client-api/operations";
import { presentClientInbox } from "@/lib/client-api/present";
import { handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: inboxRoute(showClientInboxOp, async ({ ctx }) => presentClientInbox(ctx.inbox)),
});
