import type { ReactNode } from "react";
import { loadDiscountCode } from "@/lib/portal/loaders/pricing";

/**
 * An unknown discount code answers 404: read here first, above the page's loading skeleton, so notFound()
 * comes before the response starts streaming. The page's read is the same cached answer.
 */
export default async function DiscountCodeLayout({ children, params }: { children: ReactNode; params: Promise<{ account_id: string; id: string }> }) {
  const { account_id, id } = await params;
  await loadDiscountCode(account_id, id);
  return children;
}
