import type { AccountCtx } from "@/lib/auth/caller";
import { orNotFound } from "@/lib/portal/loaders/records";
import { findInbox } from "@/lib/inboxes/inboxes";
import { presentInbox } from "@/lib/inboxes/present";

/** The inbox as the API presents it to this caller (tokens for administrators only), or the 404 page. */
export const findPortalInbox = async (ctx: AccountCtx, id: number) => presentInbox(ctx, await orNotFound(findInbox(ctx, id)));

export const channelLabels = { "Channel::Api": "API", "Channel::WebWidget": "Website" } as const;
