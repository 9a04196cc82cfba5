import type { ReactNode } from "react";
import { InboxShell } from "@/components/conversations/inbox-shell";
import { pageContext } from "@/lib/portal/context";
import { conversationListPage, inboxLookups } from "@/lib/portal/loaders/conversations";

/** The inbox: the conversation list stays put while the agent moves between conversations. */
export default async function ConversationsLayout({ children, params }: { children: ReactNode; params: Promise<{ account_id: string }> }) {
  const ctx = await pageContext((await params).account_id);
  const initial = { tab: "mine", status: "open", page: 1 } as const;
  const [lookups, page] = await Promise.all([inboxLookups(ctx), conversationListPage(ctx, initial)]);
  return (
    <InboxShell lookups={lookups} initialList={{ tab: initial.tab, status: initial.status, page }}>
      {children}
    </InboxShell>
  );
}
