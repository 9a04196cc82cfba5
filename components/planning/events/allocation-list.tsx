import Link from "next/link";
import type { AllocationRow } from "@/lib/planning/allocations/present";
import { formatDay, formatTime, formatWindow, localDate, zoneLabel } from "@/lib/format/dates";
import { countsAt, isLapsed } from "@/lib/planning/rules";
import { AllocationStatusBadge } from "./event-status";

type SpaceInfo = { name: string; timezone: string };

const minutes = (value: number) => (value % 60 === 0 ? `${value / 60} h` : `${value} min`);

/**
 * An event's bookings and holds, each in its space's own time zone, each linking to the
 * calendar on its local day. A hold past its expiry shows as expired whether or not the sweeper
 * has marked it yet (`now` is the moment the page was drawn).
 */
export const AllocationList = ({
  allocations,
  spaces,
  calendarHref,
  now = new Date(),
}: {
  allocations: AllocationRow[];
  spaces: Map<string, SpaceInfo>;
  calendarHref: (date: string) => string;
  now?: Date;
}) => (
  <ul className="divide-y divide-slate-100" aria-label="Allocations">
    {allocations.map((allocation) => {
      const space = spaces.get(allocation.spaceId);
      const zone = space?.timezone ?? "UTC";
      const date = localDate(allocation.startAt, zone);
      const lapsed = isLapsed(allocation, now);
      const status = lapsed ? "expired" : allocation.status;
      const live = countsAt(allocation, now);
      const buffers = [
        allocation.bufferBeforeMin > 0 ? `${minutes(allocation.bufferBeforeMin)} before` : null,
        allocation.bufferAfterMin > 0 ? `${minutes(allocation.bufferAfterMin)} after` : null,
      ].filter(Boolean);
      return (
        <li key={allocation.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 py-3 first:pt-0 last:pb-0">
          <div className="min-w-0 space-y-0.5">
            <p className="text-sm font-medium text-slate-900">
              {space?.name ?? "Deleted space"}
              {allocation.title || allocation.stage ? (
                <span className="font-normal text-slate-500"> · {[allocation.stage, allocation.title].filter(Boolean).join(": ")}</span>
              ) : null}
            </p>
            <p className={`text-sm ${live ? "text-slate-700" : "text-slate-400 line-through"}`}>
              {formatWindow(allocation.startAt, allocation.endAt, zone)} <span className="text-xs text-slate-500 no-underline">({zoneLabel(zone)})</span>
            </p>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
              <AllocationStatusBadge status={status} />
              {status === "tentative" && allocation.sequence ? <span>Option {allocation.sequence}</span> : null}
              {allocation.status === "tentative" && allocation.expiresAt ? (
                <span>
                  {lapsed ? "Lapsed" : "Expires"} {formatDay(allocation.expiresAt, zone)}, {formatTime(allocation.expiresAt, zone)}
                </span>
              ) : null}
              {buffers.length > 0 ? <span>Buffers: {buffers.join(", ")}</span> : null}
            </div>
          </div>
          <Link
            href={calendarHref(date)}
            className="shrink-0 rounded text-sm font-medium text-indigo-700 hover:underline"
            aria-label={`Show ${space?.name ?? "the booking"} on ${formatDay(allocation.startAt, zone)} in the calendar`}
          >
            Calendar →
          </Link>
        </li>
      );
    })}
  </ul>
);
