"use client";

import Link from "next/link";
import { useState } from "react";
import { BellIcon } from "@/components/ui/icons";
import { isNotificationFrame, unreadCountOf } from "@/lib/live-client/notifications";
import { accountPath } from "@/lib/portal/paths";
import { useLiveEvent } from "./live-provider";

/**
 * The sidebar's bell: the user's unread notifications in the account, rendered with the page and
 * then kept current by the live stream (every change of the user's notifications carries the
 * count). It leads to the notifications page.
 */
export const NotificationBell = ({ accountId, initialUnread }: { accountId: number; initialUnread: number }) => {
  const [unread, setUnread] = useState(initialUnread);
  useLiveEvent(
    (frame) => isNotificationFrame(frame, accountId),
    (frame) => {
      const count = unreadCountOf(frame);
      if (count !== null) setUnread(count);
    },
  );
  const label = unread === 0 ? "Notifications" : `Notifications, ${unread} unread`;
  return (
    <Link
      href={accountPath(accountId, "notifications")}
      aria-label={label}
      title={label}
      className="relative inline-flex size-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      <BellIcon className="size-5" />
      {unread > 0 ? (
        <span
          data-testid="unread-count"
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-none font-semibold text-white"
        >
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </Link>
  );
};
