"use client";

import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { ChatIcon, SearchIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { StatusMessage } from "@/components/ui/status-message";
import {
  clearNarrowing,
  isNarrowed,
  sameFilters,
  type InboxFilters,
  type InboxStatus,
  type InboxTab,
} from "@/lib/conversations/inbox-filters";
import { listConversationsAction } from "@/lib/portal/actions/conversation-reads";
import { orThrow } from "@/lib/portal/outcome";
import type { ConversationListPage } from "@/lib/portal/loaders/conversations";
import { ConversationRow } from "./conversation-row";
import { queryKeys, useInbox } from "./inbox-context";
import { FilterBar, SearchBox } from "./list-filters";
import { useInboxView } from "./use-inbox-view";

const tabs: { value: InboxTab; label: string; count: keyof ConversationListPage["meta"]; empty: string }[] = [
  { value: "mine", label: "Mine", count: "mine_count", empty: "Conversations assigned to you show up here." },
  { value: "unassigned", label: "Unassigned", count: "unassigned_count", empty: "Nobody is waiting for an agent to pick them up." },
  { value: "all", label: "All", count: "all_count", empty: "Messages from your inboxes show up here as they arrive." },
];

const statusOptions: { value: InboxStatus; label: string }[] = [
  { value: "open", label: "Open" },
  { value: "pending", label: "Pending" },
  { value: "snoozed", label: "Snoozed" },
  { value: "resolved", label: "Resolved" },
  { value: "all", label: "All statuses" },
];

/** Whose conversations a tab holds, for a sentence: "Looked through your open conversations." */
const scopes: Record<InboxTab, string> = { mine: "your", unassigned: "unassigned", all: "all" };

export type InitialList = { filters: InboxFilters; page: ConversationListPage };

/**
 * The list pane: a search over messages and contacts, filters by inbox, label, team and
 * assignee, the status, and Mine / Unassigned / All with their counts, all combined and all
 * kept in the URL. Rows load 25 at a time as the agent scrolls, and the list is asked again when
 * the live stream says something in it changed, so new messages float up.
 */
export const ConversationList = ({ initial, selected }: { initial: InitialList; selected: number | null }) => {
  const { accountId } = useInbox();
  const { filters, search, change } = useInboxView();
  const { tab, status } = filters;
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const sentinel = useRef<HTMLDivElement>(null);
  const current = tabs.find((t) => t.value === tab)!;

  const onSearch = useCallback((q: string | undefined, mode: "push" | "replace") => change({ q }, mode), [change]);

  const query = useInfiniteQuery({
    queryKey: queryKeys.list(accountId, filters),
    queryFn: async ({ pageParam }) => orThrow(await listConversationsAction(accountId, { ...filters, page: pageParam })),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const total = pages[0]?.meta[current.count] ?? 0;
      const loaded = pages.reduce((sum, page) => sum + page.payload.length, 0);
      return last.payload.length > 0 && loaded < total ? last.meta.current_page + 1 : undefined;
    },
    initialData: sameFilters(filters, initial.filters) ? { pages: [initial.page], pageParams: [1] } : undefined,
    // While another view loads, the last one stays on screen (marked busy) instead of a skeleton.
    placeholderData: keepPreviousData,
  });
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage, isPlaceholderData } = query;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || isPlaceholderData) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: "200px" },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, isPlaceholderData]);

  // Rows can move between pages while the list refreshes; each conversation shows once.
  const seen = new Set<number>();
  const rows = (data?.pages ?? []).flatMap((page) => page.payload).filter((row) => !seen.has(row.id) && Boolean(seen.add(row.id)));
  const matches = new Map((data?.pages ?? []).flatMap((page) => page.matches).map((match) => [match.conversation_id, match]));
  const counts = data?.pages[0]?.meta;
  const narrowed = isNarrowed(filters);

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (index + step + tabs.length) % tabs.length;
    change({ tab: tabs[next]!.value });
    tabRefs.current[next]?.focus();
  };

  return (
    <section aria-labelledby="inbox-heading" className="flex min-h-0 w-full min-w-0 flex-col bg-white">
      <div className="shrink-0 space-y-3 border-b border-slate-200 px-4 pt-5">
        <h1 id="inbox-heading" className="text-lg font-semibold text-slate-900">
          Conversations
        </h1>
        <SearchBox q={filters.q} onSearch={onSearch} />
        <FilterBar
          filters={filters}
          onChange={change}
          before={
            <>
              <label htmlFor="inbox-status" className="sr-only">
                Status
              </label>
              <select
                id="inbox-status"
                value={status}
                onChange={(event) => change({ status: event.target.value as InboxStatus })}
                className="h-7 rounded-md border border-slate-300 bg-white pr-7 pl-2 text-sm text-slate-700 shadow-sm focus:outline-2 focus:-outline-offset-1 focus:outline-indigo-600"
              >
                {statusOptions.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </>
          }
        />
        <div role="tablist" aria-label="Assignee" className="flex gap-4">
          {tabs.map((item, index) => {
            const active = item.value === tab;
            return (
              <button
                key={item.value}
                ref={(node) => {
                  tabRefs.current[index] = node;
                }}
                type="button"
                role="tab"
                id={`inbox-tab-${item.value}`}
                aria-selected={active}
                aria-controls="inbox-tabpanel"
                tabIndex={active ? 0 : -1}
                onClick={() => change({ tab: item.value })}
                onKeyDown={(event) => onTabKey(event, index)}
                className={cn(
                  "-mb-px flex items-center gap-1.5 border-b-2 px-0.5 pb-2.5 text-sm font-medium transition-colors",
                  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600",
                  active ? "border-indigo-600 text-indigo-700" : "border-transparent text-slate-500 hover:text-slate-800",
                )}
              >
                {item.label}
                <span
                  className={cn(
                    "min-w-5 rounded-full px-1.5 py-px text-center text-xs tabular-nums",
                    active ? "bg-indigo-50 text-indigo-700" : "bg-slate-100 text-slate-600",
                  )}
                >
                  {counts ? counts[item.count] : "–"}
                </span>
              </button>
            );
          })}
        </div>
      </div>

      <div
        id="inbox-tabpanel"
        role="tabpanel"
        aria-labelledby={`inbox-tab-${tab}`}
        aria-busy={isPlaceholderData || undefined}
        className={cn("relative min-h-0 flex-1 md:overflow-y-auto", isPlaceholderData && "opacity-60 transition-opacity")}
      >
        {query.isPending ? (
          <ListSkeleton />
        ) : query.isError && !data ? (
          <div className="p-4">
            <StatusMessage tone="error">The conversations could not be loaded.</StatusMessage>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        ) : rows.length === 0 ? (
          <div className="p-4">
            {narrowed ? (
              <EmptyState
                icon={<SearchIcon className="size-6" />}
                title={filters.q ? `Nothing matches “${filters.q}”` : "No conversations match these filters"}
                description={`Looked through ${scopes[tab]} ${status === "all" ? "" : `${status} `}conversations.`}
                action={
                  <div className="flex flex-wrap justify-center gap-2">
                    {status !== "all" || tab !== "all" ? (
                      <Button variant="secondary" size="sm" onClick={() => change({ tab: "all", status: "all" })}>
                        Look in all conversations
                      </Button>
                    ) : null}
                    <Button variant="ghost" size="sm" onClick={() => change(clearNarrowing)}>
                      Clear search and filters
                    </Button>
                  </div>
                }
              />
            ) : (
              <EmptyState
                icon={<ChatIcon className="size-6" />}
                title="No conversations in this tab"
                description={status === "open" || status === "all" ? current.empty : `Nothing is ${status} here at the moment.`}
              />
            )}
          </div>
        ) : (
          <>
            <ul aria-label={`${current.label} conversations`} className="divide-y divide-slate-100">
              {rows.map((conversation) => (
                <ConversationRow
                  key={conversation.id}
                  conversation={conversation}
                  selected={conversation.id === selected}
                  showStatus={status === "all"}
                  search={search}
                  q={filters.q}
                  match={matches.get(conversation.id)}
                />
              ))}
            </ul>
            {hasNextPage ? (
              <div ref={sentinel} className="p-3 text-center">
                <Button variant="ghost" size="sm" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
                  {isFetchingNextPage ? "Loading more…" : "Load more conversations"}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
};

const ListSkeleton = () => (
  <div aria-busy="true" className="space-y-4 p-4">
    <span className="sr-only">Loading conversations…</span>
    {Array.from({ length: 6 }, (_, row) => (
      <div key={row} className="space-y-2">
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-3 w-5/6" />
      </div>
    ))}
  </div>
);
