import type { ReactNode } from "react";
import { pageContext } from "@/lib/portal/context";
import { pageRecord, recordId } from "@/lib/portal/loaders/records";
import { findPortalTeam } from "@/lib/portal/loaders/teams";

/** An unknown team answers 404: checked here, above the page's loading skeleton (see pageRecord). */
export default async function TeamLayout({ children, params }: { children: ReactNode; params: Promise<{ account_id: string; id: string }> }) {
  const { account_id, id } = await params;
  await pageRecord(findPortalTeam, await pageContext(account_id), recordId(id));
  return children;
}
