import type { Metadata } from "next";
import { ConversationView } from "@/components/conversations/conversation-view";
import { pageContext } from "@/lib/portal/context";
import { conversationPageData } from "@/lib/portal/loaders/conversations";
import { recordId } from "@/lib/portal/loaders/records";

export const metadata: Metadata = { title: "Conversation · Venuedesk" };

export default async function ConversationPage({ params }: { params: Promise<{ account_id: string; display_id: string }> }) {
  const { account_id, display_id } = await params;
  const ctx = await pageContext(account_id);
  const displayId = recordId(display_id);
  const { conversation, messages } = await conversationPageData(ctx, displayId);
  // A fresh view per conversation: the draft and the open menus belong to the one conversation.
  return <ConversationView key={displayId} initialConversation={conversation} initialMessages={messages} />;
}
