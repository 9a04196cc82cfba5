import type { Metadata } from "next";
import { ConversationView } from "@/components/conversations/conversation-view";
import { loadConversationPage } from "@/lib/portal/loaders/conversations";

export const metadata: Metadata = { title: "Conversation · Venuedesk" };

export default async function ConversationPage({ params }: { params: Promise<{ account_id: string; display_id: string }> }) {
  const { account_id, display_id } = await params;
  const { conversation, messages } = await loadConversationPage(account_id, display_id);
  // A fresh view per conversation: the draft and the open menus belong to the one conversation.
  return <ConversationView key={conversation.id} initialConversation={conversation} initialMessages={messages} />;
}
