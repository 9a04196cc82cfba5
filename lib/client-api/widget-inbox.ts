import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { accounts, inboxes } from "@/db/schema";
import type { ClientCtx } from "@/lib/client-api/route";
import { weeklySchedule } from "@/lib/inboxes/working-hours";
import { widgetSettings, type WidgetSettings } from "@/lib/widget/settings";

/** Website tokens are the inbox identifiers we generate; anything else names no inbox. */
export const websiteTokenPattern = /^[\w-]{1,255}$/;

/**
 * The website inbox a chat page or widget action names by its token, with its account, as the
 * Client API services take them. An API inbox's identifier, a suspended account or an unknown
 * token is null: the widget is only for website inboxes.
 */
export const findWidgetInbox = async (db: DbOrTx, websiteToken: string): Promise<Omit<ClientCtx, "db"> | null> => {
  if (!websiteTokenPattern.test(websiteToken)) return null;
  const [row] = await db
    .select({ inbox: inboxes, account: accounts })
    .from(inboxes)
    .innerJoin(accounts, eq(accounts.id, inboxes.accountId))
    .where(and(eq(inboxes.identifier, websiteToken), eq(inboxes.channelType, "Channel::WebWidget")));
  return row && row.account.status === "active" ? row : null;
};

export const settingsOf = (inbox: ClientCtx["inbox"], now = new Date()): WidgetSettings =>
  widgetSettings({ ...inbox, schedule: weeklySchedule(inbox.workingHours) }, now);
