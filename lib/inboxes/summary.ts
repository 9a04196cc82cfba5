import type { inboxes } from "@/db/schema";

export type Inbox = typeof inboxes.$inferSelect;

/** The short inbox shape inside contact_inboxes and contactable_inboxes (INTERFACE.md). */
export const presentInboxSummary = (inbox: Inbox) => ({
  id: inbox.id,
  avatar_url: inbox.avatarUrl ?? "",
  channel_id: inbox.id,
  name: inbox.name,
  channel_type: inbox.channelType,
  provider: null as string | null,
});
