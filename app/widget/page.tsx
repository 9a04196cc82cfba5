import type { Metadata } from "next";
import { WidgetChat } from "@/components/widget/widget-chat";
import { WidgetUnavailable } from "@/components/widget/widget-unavailable";
import { getDb } from "@/db/client";
import { findWidgetInbox, settingsOf } from "./inbox";

export const metadata: Metadata = { title: "Chat", robots: { index: false, follow: false } };

/**
 * GET /widget?website_token=… — the website chat, as the script on a venue's site frames it
 * (lib/widget/sdk.ts). The one page other sites may frame (lib/http/security-headers.ts).
 */
export default async function WidgetPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { website_token: token } = await searchParams;
  const found = typeof token === "string" ? await findWidgetInbox(getDb(), token) : null;
  if (!found) return <WidgetUnavailable detail="This chat is not set up. Please contact the venue another way." />;
  return <WidgetChat websiteToken={found.inbox.identifier} settings={settingsOf(found.inbox)} />;
}
