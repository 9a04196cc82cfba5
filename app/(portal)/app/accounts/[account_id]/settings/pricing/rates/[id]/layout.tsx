import type { ReactNode } from "react";
import { findPortalRate } from "@/lib/portal/loaders/pricing";
import { pageContext } from "@/lib/portal/context";
import { pageRecord, recordId } from "@/lib/portal/loaders/records";

/** An unknown rate answers 404: checked here, above the page's loading skeleton (see pageRecord). */
export default async function RateLayout({ children, params }: { children: ReactNode; params: Promise<{ account_id: string; id: string }> }) {
  const { account_id, id } = await params;
  await pageRecord(findPortalRate, await pageContext(account_id), recordId(id));
  return children;
}
