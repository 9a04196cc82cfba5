import { getTableColumns, sql } from "drizzle-orm";
import { inboxes, portals } from "@/db/schema";

export type Inbox = typeof inboxes.$inferSelect;

/** The inbox's help center: its name and slug, and its languages (the default first among them). */
export type HelpCenter = { name: string; slug: string; default_locale: string; locales: string[] };
/** An inbox with the help center it is linked to (Chatwoot's `help_center`), read in the same statement. */
export type InboxWithHelpCenter = Inbox & { helpCenter: HelpCenter | null };

/** An inbox row's columns and its help center's name, slug and locales, for select and returning lists. */
export const inboxColumns = {
  ...getTableColumns(inboxes),
  helpCenter: sql<HelpCenter | null>`(select json_build_object('name', ${portals.name}, 'slug', ${portals.slug}, 'default_locale', ${portals.config}->>'default_locale', 'locales', ${portals.config}->'allowed_locales') from ${portals} where ${portals.id} = ${inboxes.portalId})`,
};

/** The short inbox shape inside contact_inboxes and contactable_inboxes (INTERFACE.md). */
export const presentInboxSummary = (inbox: Inbox) => ({
  id: inbox.id,
  avatar_url: inbox.avatarUrl ?? "",
  channel_id: inbox.id,
  name: inbox.name,
  channel_type: inbox.channelType,
  provider: null as string | null,
});
