import type { ReactNode } from "react";
import { InboxShell } from "@/components/conversations/inbox-shell";
import { loadInbox } from "@/lib/portal/loaders/conversations";

/** The inbox: the conversation list stays put while the agent moves between conversations. */
export default async function ConversationsLayout({ children, params }: { children: ReactNode; params: Promise<{ account_id: string }> }) {
  const { lookups, initialList } = await loadInbox((await params).account_id);
  return (
    <InboxShell lookups={lookups} initialList={initialList}>
      {children}
    </InboxShell>
  );
}
