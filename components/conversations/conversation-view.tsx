"use client";

import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { markSeenAction } from "@/lib/portal/actions/conversations";
import { attempt, orThrow } from "@/lib/portal/outcome";
import { conversationAction, messagesAction } from "@/lib/portal/actions/conversation-reads";
import type { ConversationDetails, ConversationMessagePage } from "@/lib/portal/loaders/conversations";
import { Composer } from "./composer";
import { ContactPanel } from "./contact-panel";
import { ConversationHeader } from "./conversation-header";
import { queryKeys, useInbox } from "./inbox-context";
import { MessageList } from "./message-list";
import { TypingNotice } from "./typing-notice";

/** Chatwoot's message page size: a shorter page means there is nothing older. */
const MESSAGE_PAGE = 20;

/**
 * The open conversation: header with its controls, the messages (refetched when the live stream
 * says they changed, older ones on request), who else is typing, the composer, and the contact
 * beside it.
 */
export const ConversationView = ({
  initialConversation,
  initialMessages,
}: {
  initialConversation: ConversationDetails;
  initialMessages: ConversationMessagePage;
}) => {
  const { accountId } = useInbox();
  const displayId = initialConversation.id;
  const queryClient = useQueryClient();
  const [contactOpen, setContactOpen] = useState(false);
  const [sent, setSent] = useState(0);

  const { data: conversation } = useQuery({
    queryKey: queryKeys.conversation(accountId, displayId),
    queryFn: async () => orThrow(await conversationAction(accountId, displayId)),
    initialData: initialConversation,
  });

  // Page 0 is the latest messages; each further page holds the ones before the oldest shown.
  const messages = useInfiniteQuery({
    queryKey: queryKeys.messages(accountId, displayId),
    queryFn: async ({ pageParam }) => orThrow(await messagesAction(accountId, displayId, pageParam)),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.payload.length >= MESSAGE_PAGE ? last.payload[0]?.id : undefined),
    initialData: { pages: [initialMessages], pageParams: [undefined] },
  });

  const seen = new Set<number>();
  const rows = [...(messages.data?.pages ?? [])]
    .reverse()
    .flatMap((page) => page.payload)
    .filter((message) => !seen.has(message.id) && Boolean(seen.add(message.id)));
  const latestId = rows.at(-1)?.id ?? 0;

  // Opening the conversation, and every new message while it is open, counts as read.
  useEffect(() => {
    let cancelled = false;
    void attempt(() => markSeenAction(accountId, displayId)).then((outcome) => {
      if (outcome.ok && !cancelled) void queryClient.invalidateQueries({ queryKey: queryKeys.lists(accountId) });
    });
    return () => {
      cancelled = true;
    };
  }, [accountId, displayId, latestId, queryClient]);

  return (
    <div className="flex min-h-0 min-w-0 flex-1">
      <section aria-labelledby="conversation-heading" className="flex min-h-0 min-w-0 flex-1 flex-col">
        <ConversationHeader conversation={conversation} contactOpen={contactOpen} onToggleContact={() => setContactOpen((open) => !open)} />
        <MessageList
          messages={rows}
          latestId={latestId}
          hasEarlier={messages.hasNextPage}
          loadingEarlier={messages.isFetchingNextPage}
          onLoadEarlier={() => void messages.fetchNextPage()}
          failed={messages.isError}
          sent={sent}
        />
        <TypingNotice displayId={displayId} />
        <Composer displayId={displayId} inboxId={conversation.inbox_id} contactName={conversation.meta.sender.name} onSend={() => setSent((count) => count + 1)} />
      </section>
      <ContactPanel
        contactId={conversation.meta.sender.id}
        displayId={displayId}
        open={contactOpen}
        onClose={() => setContactOpen(false)}
      />
    </div>
  );
};
