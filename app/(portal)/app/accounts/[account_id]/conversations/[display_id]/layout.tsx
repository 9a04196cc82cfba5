import type { ReactNode } from "react";
import { loadConversation } from "@/lib/portal/loaders/conversations";

/** An unknown conversation answers 404: checked here, above the loading skeleton that would start a 200 response. */
export default async function ConversationLayout({ children, params }: { children: ReactNode; params: Promise<{ account_id: string; display_id: string }> }) {
  const { account_id, display_id } = await params;
  await loadConversation(account_id, display_id);
  return children;
}
