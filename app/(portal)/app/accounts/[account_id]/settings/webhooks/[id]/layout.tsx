import type { ReactNode } from "react";
import { loadWebhook } from "@/lib/portal/loaders/webhooks";

/**
 * An unknown webhook answers 404: read here first, above the page's loading skeleton, so notFound()
 * comes before the response starts streaming. The page's read is the same cached answer.
 */
export default async function WebhookLayout({ children, params }: { children: ReactNode; params: Promise<{ account_id: string; id: string }> }) {
  const { account_id, id } = await params;
  await loadWebhook(account_id, id);
  return children;
}
