import { getDb } from "@/db/client";
import { findWidgetInbox, settingsOf } from "@/lib/client-api/widget-inbox";

/**
 * The website chat page (no session: the website token names the inbox). Null for a token that
 * names no website inbox of an active account; the page then says chat is unavailable.
 */
export const loadWidget = async (websiteToken: unknown) => {
  const found = typeof websiteToken === "string" ? await findWidgetInbox(getDb(), websiteToken) : null;
  return found ? { websiteToken: found.inbox.identifier, settings: settingsOf(found.inbox) } : null;
};
