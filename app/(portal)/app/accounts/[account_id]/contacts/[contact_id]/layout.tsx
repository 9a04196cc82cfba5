import type { ReactNode } from "react";
import { loadContact } from "@/lib/portal/loaders/contacts";

/**
 * An unknown contact answers 404: read here first, above the page's loading skeleton, so notFound()
 * comes before the response starts streaming. The page's read is the same cached answer.
 */
export default async function ContactLayout({ children, params }: { children: ReactNode; params: Promise<{ account_id: string; contact_id: string }> }) {
  const { account_id, contact_id } = await params;
  await loadContact(account_id, contact_id);
  return children;
}
