import type { ReactNode } from "react";
import { findPortalContact } from "@/lib/portal/loaders/contacts";
import { pageContext } from "@/lib/portal/context";
import { pageRecord, recordId } from "@/lib/portal/loaders/records";

/** An unknown contact answers 404: checked here, above the page's loading skeleton (see pageRecord). */
export default async function ContactLayout({ children, params }: { children: ReactNode; params: Promise<{ account_id: string; contact_id: string }> }) {
  const { account_id, contact_id } = await params;
  await pageRecord(findPortalContact, await pageContext(account_id), recordId(contact_id));
  return children;
}
