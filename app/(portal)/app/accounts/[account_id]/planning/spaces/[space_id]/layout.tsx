import type { ReactNode } from "react";
import { findPortalSpace } from "@/lib/portal/loaders/spaces";
import { pageContext } from "@/lib/portal/context";
import { pageRecord } from "@/lib/portal/loaders/records";

/** An unknown space answers 404: checked here, above the page's loading skeleton (see pageRecord). */
export default async function SpaceLayout({ children, params }: { children: ReactNode; params: Promise<{ account_id: string; space_id: string }> }) {
  const { account_id, space_id } = await params;
  await pageRecord(findPortalSpace, await pageContext(account_id), space_id);
  return children;
}
