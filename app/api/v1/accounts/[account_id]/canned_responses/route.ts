// GET|POST /api/v1/accounts/{account_id}/canned_responses
import { createCannedResponse, listCannedResponses } from "@/lib/canned-responses/canned-responses";
import { createCannedResponseOp, listCannedResponsesOp } from "@/lib/canned-responses/operations";
import { presentCannedResponse } from "@/lib/canned-responses/present";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(listCannedResponsesOp, async ({ ctx, query }) => (await listCannedResponses(ctx, query)).map(presentCannedResponse)),
  POST: accountRoute(createCannedResponseOp, async ({ ctx, body }) => presentCannedResponse(await createCannedResponse(ctx, body))),
});
