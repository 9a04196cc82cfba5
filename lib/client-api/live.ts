import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { contactInboxes } from "@/db/schema";
import { notFound } from "@/lib/http/errors";
import type { ContactViewer } from "@/lib/live/audience";
import { liveHub } from "@/lib/live/hub";
import { lastEventIdOf, liveResponse } from "@/lib/live/stream";
import type { ClientLiveQuery } from "./schemas";

/**
 * GET /public/api/v1/live?pubsub_token=…: the widget's stream, like Chatwoot's cable subscription
 * with the contact inbox's pubsub token. Only that contact inbox's conversation events the
 * contact may see (lib/live/audience.ts); an unknown token is a 404.
 */
export const clientLiveResponse = async (request: Request, query: ClientLiveQuery): Promise<Response> => {
  const db = getDb();
  const [contactInbox] = await db
    .select({ id: contactInboxes.id, accountId: contactInboxes.accountId })
    .from(contactInboxes)
    .where(eq(contactInboxes.pubsubToken, query.pubsub_token));
  if (!contactInbox) throw notFound("Contact inbox");
  const viewer: ContactViewer = { kind: "contact", accountId: contactInbox.accountId, contactInboxId: contactInbox.id };
  return liveResponse({ db, hub: liveHub(), viewer, lastEventId: lastEventIdOf(request, query.last_event_id), signal: request.signal });
};
