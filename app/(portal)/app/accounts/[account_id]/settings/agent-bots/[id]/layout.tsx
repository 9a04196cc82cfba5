import type { ReactNode } from "react";
import { pageContext } from "@/lib/portal/context";
import { findAccountBot, pageRecord, recordId } from "@/lib/portal/loaders/records";

/** An unknown agent bot answers 404: checked here, above the page's loading skeleton (see pageRecord). */
export default async function AgentBotLayout({ children, params }: { children: ReactNode; params: Promise<{ account_id: string; id: string }> }) {
  const { account_id, id } = await params;
  await pageRecord(findAccountBot, await pageContext(account_id), recordId(id));
  return children;
}
