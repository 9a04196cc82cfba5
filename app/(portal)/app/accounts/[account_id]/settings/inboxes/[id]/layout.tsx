import type { ReactNode } from "react";
import { pageContext } from "@/lib/portal/context";
import { findPortalInbox } from "@/lib/portal/loaders/inboxes";
import { pageRecord, recordId } from "@/lib/portal/loaders/records";

/** An unknown inbox answers 404: checked here, above the page's loading skeleton (see pageRecord). */
export default async function InboxLayout({ children, params }: { children: ReactNode; params: Promise<{ account_id: string; id: string }> }) {
  const { account_id, id } = await params;
  await pageRecord(findPortalInbox, await pageContext(account_id), recordId(id));
  return children;
}
