import type { Metadata } from "next";
import { WidgetChat } from "@/components/widget/widget-chat";
import { WidgetUnavailable } from "@/components/widget/widget-unavailable";
import { loadWidget } from "@/lib/portal/loaders/widget";

export const metadata: Metadata = { title: "Chat", robots: { index: false, follow: false } };

/**
 * GET /widget?website_token=… — the website chat, as the script on a venue's site frames it
 * (lib/widget/sdk.ts). The one page other sites may frame (lib/http/security-headers.ts).
 */
export default async function WidgetPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { website_token: token } = await searchParams;
  const widget = await loadWidget(token);
  if (!widget) return <WidgetUnavailable detail="This chat is not set up. Please contact the venue another way." />;
  return <WidgetChat websiteToken={widget.websiteToken} settings={widget.settings} />;
}
