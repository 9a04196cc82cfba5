// POST /public/api/v1/inboxes/{inbox_identifier}/contacts
import { createClientContact } from "@/lib/client-api/contacts";
import { createClientContactOp } from "@/lib/client-api/operations";
import { presentClientContact } from "@/lib/client-api/present";
import { inboxRoute } from "@/lib/client-api/route";
import { handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  POST: inboxRoute(createClientContactOp, async ({ ctx, body }) => presentClientContact(await createClientContact(ctx, body))),
});
