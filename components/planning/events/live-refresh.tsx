"use client";

import { useRouter } from "next/navigation";
import { useLiveStale } from "@/components/portal/live-provider";

/**
 * The event page's server-rendered part (status, window, allocations) follows changes made
 * elsewhere: a frame about this event, its allocations or its quotes refreshes it. (A reset
 * refreshes every page already: the live provider does that.)
 */
export const LiveRefresh = ({ eventId }: { eventId: string }) => {
  const router = useRouter();
  useLiveStale((stale) => {
    if (stale.some((target) => target.kind === "planning-event" && target.id === eventId)) router.refresh();
  });
  return null;
};
