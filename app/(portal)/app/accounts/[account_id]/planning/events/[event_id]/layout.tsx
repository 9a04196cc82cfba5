import type { ReactNode } from "react";
import { findPortalEvent } from "@/lib/portal/loaders/events";
import { pageContext } from "@/lib/portal/context";
import { pageRecord } from "@/lib/portal/loaders/records";

/** An unknown event answers 404: checked here, above the page's loading skeleton (see pageRecord). */
export default async function EventLayout({ children, params }: { children: ReactNode; params: Promise<{ account_id: string; event_id: string }> }) {
  const { account_id, event_id } = await params;
  await pageRecord(findPortalEvent, await pageContext(account_id), event_id);
  return children;
}
