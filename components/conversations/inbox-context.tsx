"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createContext, useContext, useState, type ReactNode } from "react";
import type { InboxFilters } from "@/lib/conversations/inbox-filters";
import type { InboxLookups } from "@/lib/portal/loaders/conversations";

/** How often the list and the open conversation ask for news, so a customer's message shows up within seconds. */
export const POLL_MS = 3000;
/** A search asks less often: it looks through every message, where the list reads an index. */
export const SEARCH_POLL_MS = 15_000;

export const queryKeys = {
  lists: (accountId: number) => ["conversations", accountId] as const,
  list: (accountId: number, filters: InboxFilters) => ["conversations", accountId, filters] as const,
  conversation: (accountId: number, displayId: number) => ["conversation", accountId, displayId] as const,
  messages: (accountId: number, displayId: number) => ["messages", accountId, displayId] as const,
  contact: (accountId: number, contactId: number) => ["contact", accountId, contactId] as const,
};

const LookupsContext = createContext<InboxLookups | null>(null);

/** The account's agents, teams, labels and canned responses, loaded once with the inbox. */
export const useInbox = () => {
  const value = useContext(LookupsContext);
  if (!value) throw new Error("useInbox outside InboxProvider");
  return value;
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
      <LookupsContext.Provider value={lookups}>{children}</LookupsContext.Provider>
    </QueryClientProvider>
  );
};
