"use client";

import { QueryClient, QueryClientProvider, useQueryClient, type Query } from "@tanstack/react-query";
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { useLiveStale } from "@/components/portal/live-provider";
import { batcher } from "@/lib/live-client/batch";
import type { Stale } from "@/lib/live-client/frames";
import type { InboxFilters } from "@/lib/conversations/inbox-filters";
import type { InboxLookups } from "@/lib/portal/loaders/conversations";

/** A search looks through every message (the list reads an index): it is asked again at most this often. */
export const SEARCH_REFRESH_MS = 5_000;

export const queryKeys = {
  lists: (accountId: number) => ["conversations", accountId] as const,
  list: (accountId: number, filters: InboxFilters) => ["conversations", accountId, filters] as const,
  conversation: (accountId: number, displayId: number) => ["conversation", accountId, displayId] as const,
  conversations: (accountId: number) => ["conversation", accountId] as const,
  messages: (accountId: number, displayId: number) => ["messages", accountId, displayId] as const,
  contact: (accountId: number, contactId: number) => ["contact", accountId, contactId] as const,
  story: (accountId: number, displayId: number) => ["customer-story", accountId, displayId] as const,
  stories: (accountId: number) => ["customer-story", accountId] as const,
};

const LookupsContext = createContext<InboxLookups | null>(null);

/** The account's agents, teams, labels and canned responses, loaded once with the inbox. */
export const useInbox = () => {
  const value = useContext(LookupsContext);
  if (!value) throw new Error("useInbox outside InboxProvider");
  return value;
};

const isSearch = (query: Query) => Boolean((query.queryKey[2] as Partial<InboxFilters> | undefined)?.q);

/**
 * The inbox's live updates: what the stream's frames made stale is fetched again (only what is
 * on screen: react-query refetches active queries and marks the rest stale). Searches wait up to
 * SEARCH_REFRESH_MS, so a busy account does not run a search on every message.
 */
const InboxLive = ({ accountId }: { accountId: number }) => {
  const queryClient = useQueryClient();
  const [searches] = useState(() =>
    batcher<true>(() => void queryClient.invalidateQueries({ queryKey: queryKeys.lists(accountId), predicate: isSearch }), SEARCH_REFRESH_MS),
  );
  useEffect(() => () => searches.cancel(), [searches]);
  const invalidate = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey });

  useLiveStale((stale: Stale[]) => {
    for (const target of stale) {
      if (target.kind === "everything") void queryClient.invalidateQueries();
      else if (target.kind === "conversation-lists") {
        void queryClient.invalidateQueries({ queryKey: queryKeys.lists(accountId), predicate: (query) => !isSearch(query) });
        searches.add([true]);
      } else if (target.kind === "conversation") invalidate(target.id === undefined ? queryKeys.conversations(accountId) : queryKeys.conversation(accountId, target.id));
      else if (target.kind === "messages") invalidate(queryKeys.messages(accountId, target.id));
      else if (target.kind === "contact") invalidate(queryKeys.contact(accountId, target.id));
      else if (target.kind === "customer-story") invalidate(queryKeys.stories(accountId));
    }
  });
  return null;
};

export const InboxProvider = ({ lookups, children }: { lookups: InboxLookups; children: ReactNode }) => {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { staleTime: 2000, retry: 1, refetchOnWindowFocus: true },
        },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      <InboxLive accountId={lookups.accountId} />
      <LookupsContext.Provider value={lookups}>{children}</LookupsContext.Provider>
    </QueryClientProvider>
  );
};
