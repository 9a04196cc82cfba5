"use client";

import { QueryClient, QueryClientProvider, keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useLiveEvent } from "@/components/portal/live-provider";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { BellIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { StatusMessage } from "@/components/ui/status-message";
import { isNotificationFrame } from "@/lib/live-client/notifications";
import {
  deleteNotificationAction,
  markNotificationReadAction,
  markNotificationUnreadAction,
  notificationFeedAction,
  readAllNotificationsAction,
  snoozeNotificationAction,
} from "@/lib/portal/actions/notifications";
import type { NotificationEntry } from "@/lib/portal/loaders/notifications";
import { orThrow, type Outcome } from "@/lib/portal/outcome";

/** Matches the API's page size. */
const perPage = 15;

const inAnHour = () => new Date(Date.now() + 60 * 60_000).toISOString();
const tomorrowMorning = () => {
  const next = new Date();
  next.setDate(next.getDate() + 1);
  next.setHours(9, 0, 0, 0);
  return next.toISOString();
};

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/**
 * The user's notifications, newest activity first: each leads to its conversation or event and
 * can be marked read or unread, snoozed or deleted. The list refetches whenever the live stream
 * says the user's notifications changed (here, in another tab, or by a new one arriving).
 */
export const NotificationList = ({ accountId }: { accountId: number }) => {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }));
  return (
    <QueryClientProvider client={client}>
      <Feed accountId={accountId} />
    </QueryClientProvider>
  );
};

const Feed = ({ accountId }: { accountId: number }) => {
  const [page, setPage] = useState(1);
  const [failure, setFailure] = useState<string | null>(null);
  const queries = useQueryClient();
  const key = ["notifications", accountId] as const;
  const feed = useQuery({
    queryKey: [...key, page],
    queryFn: async () => orThrow(await notificationFeedAction(accountId, page)),
    placeholderData: keepPreviousData,
  });
  useLiveEvent(
    (frame) => isNotificationFrame(frame, accountId),
    () => void queries.invalidateQueries({ queryKey: key }),
  );

  const act = async (run: () => Promise<Outcome>) => {
    const outcome = await run();
    setFailure(outcome.ok ? null : outcome.message);
    await queries.invalidateQueries({ queryKey: key });
  };

  if (feed.isPending) {
    return (
      <div className="space-y-2" aria-busy="true" aria-label="Loading notifications">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} className="h-16" />
        ))}
      </div>
    );
  }
  if (feed.isError) return <StatusMessage tone="error">Your notifications could not be loaded. Please reload the page.</StatusMessage>;
  const { entries, count, unreadCount } = feed.data;
  const pages = Math.max(1, Math.ceil(count / perPage));

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600" aria-live="polite">
          {unreadCount === 0 ? "No unread notifications" : `${unreadCount} unread`}
        </p>
        <Button variant="secondary" size="sm" disabled={unreadCount === 0} onClick={() => act(() => readAllNotificationsAction(accountId))}>
          Mark all read
        </Button>
      </div>
      {failure ? <StatusMessage tone="error">{failure}</StatusMessage> : null}
      {entries.length === 0 ? (
        <EmptyState icon={<BellIcon className="size-6" />} title="No notifications" description="Assignments, mentions, quote answers and holds about to lapse show up here." />
      ) : (
        <ul aria-label="Notifications" className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white">
          {entries.map((entry) => (
            <Row key={entry.id} entry={entry} accountId={accountId} act={act} />
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav aria-label="Pages" className="flex items-center justify-between gap-3 text-sm text-slate-600">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Older
          </Button>
        </nav>
      ) : null}
    </div>
  );
};

const Row = ({ entry, accountId, act }: { entry: NotificationEntry; accountId: number; act: (run: () => Promise<Outcome>) => Promise<void> }) => (
  <li className={cn("flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between", entry.read ? "bg-white" : "bg-indigo-50/60")}>
    <div className="min-w-0">
      <Link
        href={entry.href}
        onClick={() => (entry.read ? undefined : void markNotificationReadAction(accountId, entry.id))}
        className={cn("block text-sm break-words hover:underline", entry.read ? "text-slate-700" : "font-semibold text-slate-900")}
      >
        {entry.title}
      </Link>
      <p className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-slate-500">
        <time dateTime={entry.lastActivityAt}>{when(entry.lastActivityAt)}</time>
        {entry.read ? null : <Badge tone="accent">Unread</Badge>}
        {entry.snoozedUntil ? <Badge tone="warning">Snoozed until {when(entry.snoozedUntil)}</Badge> : null}
      </p>
    </div>
    <div className="flex shrink-0 flex-wrap items-center gap-1">
      {entry.read ? (
        <Button variant="ghost" size="sm" aria-label={`Mark unread: ${entry.title}`} onClick={() => act(() => markNotificationUnreadAction(accountId, entry.id))}>
          Mark unread
        </Button>
      ) : (
        <Button variant="ghost" size="sm" aria-label={`Mark read: ${entry.title}`} onClick={() => act(() => markNotificationReadAction(accountId, entry.id))}>
          Mark read
        </Button>
      )}
      <Button variant="ghost" size="sm" aria-label={`Snooze for an hour: ${entry.title}`} onClick={() => act(() => snoozeNotificationAction(accountId, entry.id, inAnHour()))}>
        Snooze 1 h
      </Button>
      <Button variant="ghost" size="sm" aria-label={`Snooze until tomorrow: ${entry.title}`} onClick={() => act(() => snoozeNotificationAction(accountId, entry.id, tomorrowMorning()))}>
        Tomorrow
      </Button>
      <Button variant="ghost" size="sm" aria-label={`Delete: ${entry.title}`} onClick={() => act(() => deleteNotificationAction(accountId, entry.id))}>
        Delete
      </Button>
    </div>
  </li>
);
