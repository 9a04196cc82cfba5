import type { ReactNode } from "react";
import { loadEvent } from "@/lib/portal/loaders/events";

/**
 * An unknown event answers 404: read here first, above the page's loading skeleton, so notFound()
 * comes before the response starts streaming. The page's read is the same cached answer.
 */
export default async function EventLayout({ children, params }: { children: ReactNode; params: Promise<{ account_id: string; event_id: string }> }) {
  const { account_id, event_id } = await params;
  await loadEvent(account_id, event_id);
  return children;
}
