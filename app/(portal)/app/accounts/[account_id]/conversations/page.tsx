import type { Metadata } from "next";
import { SectionPlaceholder } from "@/components/portal/section-placeholder";
import { ChatIcon } from "@/components/ui/icons";
import { pageContext } from "@/lib/portal/context";

export const metadata: Metadata = { title: "Conversations · Venuedesk" };

export default async function ConversationsPage({ params }: { params: Promise<{ account_id: string }> }) {
  await pageContext((await params).account_id);
  return (
    <SectionPlaceholder
      title="Conversations"
      description="Talk with guests and clients across your inboxes."
      emptyTitle="No conversations yet"
      emptyDescription="Messages from your website chat, email and other inboxes will appear here, ready to reply to and assign."
      icon={<ChatIcon className="size-6" />}
    />
  );
}
