import type { ReactNode } from "react";
import { pageContext } from "@/lib/portal/context";
import { findPortalLabel } from "@/lib/portal/loaders/labels";
import { pageRecord, recordId } from "@/lib/portal/loaders/records";

/** An unknown label answers 404: checked here, above the page's loading skeleton (see pageRecord). */
export default async function LabelLayout({ children, params }: { children: ReactNode; params: Promise<{ account_id: string; id: string }> }) {
  const { account_id, id } = await params;
  await pageRecord(findPortalLabel, await pageContext(account_id), recordId(id));
  return children;
}
