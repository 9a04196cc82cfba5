import type { ReactNode } from "react";
import { pageContext } from "@/lib/portal/context";
import { findAccountCannedResponse, pageRecord, recordId } from "@/lib/portal/loaders/records";

/** An unknown canned response answers 404: checked here, above the page's loading skeleton (see pageRecord). */
export default async function CannedResponseLayout({ children, params }: { children: ReactNode; params: Promise<{ account_id: string; id: string }> }) {
  const { account_id, id } = await params;
  await pageRecord(findAccountCannedResponse, await pageContext(account_id), recordId(id));
  return children;
}
