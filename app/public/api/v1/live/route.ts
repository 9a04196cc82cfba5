// GET /public/api/v1/live?pubsub_token=… — the widget's live updates (Server-Sent Events); see README "Live updates".
import { clientLiveResponse } from "@/lib/client-api/live";
import { clientLiveOp } from "@/lib/client-api/operations";
import { handlers, openRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: openRoute(clientLiveOp, async ({ query, request }) => clientLiveResponse(request, query)),
});
