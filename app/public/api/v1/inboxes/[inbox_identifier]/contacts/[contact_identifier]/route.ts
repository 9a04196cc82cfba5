// GET|PATCH /public/api/v1/inboxes/{inbox_identifier}/contacts/{contact_identifier}
import { showClientContact, updateClientContact } from "@/lib/client-api/contacts";
import { showClientContactOp, updateClientContactOp } from "@/lib/client-api/operations";
import { presentClientContact } from "@/lib/client-api/present";
import { inboxRoute } from "@/lib/client-api/route";
import { handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: inboxRoute(showClientContactOp, async ({ ctx, params }) => presentClientContact(await showClientContact(ctx, params.contact_identifier))),
  PATCH: inboxRoute(updateClientContactOp, async ({ ctx, params, body }) =>
    presentClientContact(await updateClientContact(ctx, params.contact_identifier, body)),
  ),
});
