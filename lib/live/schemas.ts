import { z } from "zod";

/** What both streams take in the query: EventSource sends `Last-Event-ID` only on a reconnect, so a client may name it here. */
export const ZLiveQuery = z.object({
  last_event_id: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});
