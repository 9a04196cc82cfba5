import type { ReactNode } from "react";
import { loadSpace } from "@/lib/portal/loaders/spaces";

/**
 * An unknown space answers 404: read here first, above the page's loading skeleton, so notFound()
 * comes before the response starts streaming. The page's read is the same cached answer.
 */
export default async function SpaceLayout({ children, params }: { children: ReactNode; params: Promise<{ account_id: string; space_id: string }> }) {
  const { account_id, space_id } = await params;
  await loadSpace(account_id, space_id);
  return children;
}
