"use client";

import { useLiveStale } from "@/components/portal/live-provider";
import { useOnlineRefresh } from "@/components/portal/use-online-refresh";

/**
 * The event page's server-rendered part (status, window, allocations) follows changes made
 * elsewhere: a frame about this event, its allocations or its quotes refreshes it. (A reset
 * refreshes every page already: the live provider does that.) Offline, the refresh waits for the
 * network, so a form being typed in is never reloaded away.
 */
export const LiveRefresh = ({ eventId }: { eventId: string }) => {
  const refresh = useOnlineRefresh();
  useLiveStale((stale) => {
    if (stale.some((target) => target.kind === "planning-event" && target.id === eventId)) refresh();
  });
  return null;
};
