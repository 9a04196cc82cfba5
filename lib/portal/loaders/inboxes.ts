import { ZId } from "@/lib/http/schemas";
import { findInbox } from "@/lib/inboxes/inboxes";
import { presentInbox } from "@/lib/inboxes/present";
import { portalLoader } from "@/lib/portal/loader";

/** The inbox as the API presents it to this caller (tokens for administrators only), or the 404 page. */
export const loadInbox = portalLoader({ ids: [ZId], load: async (ctx, id) => presentInbox(ctx, await findInbox(ctx, id)) });

