import type { ReactNode } from "react";
import { pageContext } from "@/lib/portal/context";
import { findAccountAgent, pageRecord, recordId } from "@/lib/portal/loaders/records";

/** An unknown agent answers 404: checked here, above the page's loading skeleton (see pageRecord). */
export default async function AgentLayout({ children, params }: { children: ReactNode; params: Promise<{ account_id: string; id: string }> }) {
  const { account_id, id } = await params;
  await pageRecord(findAccountAgent, await pageContext(account_id), recordId(id));
  return children;
}
