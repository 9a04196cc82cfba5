"use client";

import { useMemo } from "react";
import { cn } from "@/components/ui/cn";
import { useCalendar } from "./calendar-context";
import { chipTime, chipsByDay, longDateLabel, monthLabel, rangeLabel, statusDetail, statusShort, weekdayLabel, type DisplayStatus } from "./model";
import { holdStripes, type BlockItem } from "./timeline";
import type { Scale } from "./time-scale";

/** A day lists this many chips; the rest are counted. */
const SHOWN = 3;

const chipTone: Record<DisplayStatus, string> = {
  confirmed: "border-indigo-700 bg-indigo-600 text-white",
  tentative: "border-dashed border-amber-500 text-amber-950",
  cancelled: "border-slate-300 bg-slate-100 text-slate-500 line-through",
  expired: "border-dashed border-slate-300 bg-white text-slate-500",
};

const weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/**
 * The account's month: a week per line, each day listing its bookings and holds as small named
 * chips (its time where it starts, coloured by status as on the timeline). A day opens in the
 * day view: its number is a button, and a click anywhere on the day does the same.
 */
export const MonthView = ({ scale, date, items, today, onOpenDay }: { scale: Scale; date: string; items: BlockItem[]; today: string | null; onOpenDay: (date: string) => void }) => {
  const { zone, spaceName } = useCalendar();
  const byDay = useMemo(
    () =>
      chipsByDay(
        scale.days,
        items.map((item) => ({ ...item, id: item.allocation.id })),
      ),
    [scale.days, items],
  );

  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      <div aria-hidden="true" className="hidden grid-cols-7 border-b border-slate-200 bg-slate-50 sm:grid">
        {weekdayNames.map((name) => (
          <div key={name} className="px-2 py-1.5 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            {name}
          </div>
        ))}
      </div>
      <ol aria-label={`Days of ${monthLabel(date)}`} className="grid grid-cols-1 sm:grid-cols-7">
        {scale.days.map((day) => {
          const chips = byDay.get(day.date) ?? [];
          const outside = day.date.slice(0, 7) !== date.slice(0, 7);
          const dayName = longDateLabel(day.date);
          return (
            <li
              key={day.date}
              data-date={day.date}
              onClick={() => onOpenDay(day.date)}
              className={cn(
                "group cursor-pointer border-b border-slate-100 px-2 py-1.5 hover:bg-slate-50 sm:min-h-28 sm:border-r sm:nth-[7n]:border-r-0",
                outside && "bg-slate-50/60 max-sm:hidden",
                // A phone lists the days one under another; an empty day takes one line.
                chips.length === 0 && "max-sm:py-1",
              )}
            >
              <div className="flex items-baseline gap-2">
                <button
                  type="button"
                  aria-label={`${dayName}: ${chips.length === 0 ? "nothing planned" : `${chips.length} planned`}. Open in day view`}
                  aria-current={day.date === today ? "date" : undefined}
                  onClick={(event) => {
                    event.stopPropagation();
                    onOpenDay(day.date);
                  }}
                  className={cn(
                    "inline-flex h-6 min-w-6 items-center justify-center rounded-full px-1 text-xs font-semibold tabular-nums focus-visible:outline-2 focus-visible:outline-indigo-600",
                    day.date === today ? "bg-indigo-600 text-white" : outside ? "text-slate-400 group-hover:text-slate-600" : "text-slate-700 group-hover:bg-slate-200",
                  )}
                >
                  {Number(day.date.slice(8, 10))}
                </button>
                <span aria-hidden="true" className="text-xs text-slate-500 sm:hidden">
                  {weekdayLabel(day.date)}
                </span>
              </div>
              {chips.length > 0 ? (
                <ul aria-label={`Planned on ${dayName}`} className="mt-1 space-y-1 max-sm:flex max-sm:flex-wrap max-sm:gap-1 max-sm:space-y-0">
                  {chips.slice(0, SHOWN).map((item) => {
                    const short = statusShort(item.status, item.allocation.sequence);
                    const times = rangeLabel(item.start, item.end, zone);
                    return (
                      <li
                        key={item.id}
                        data-allocation-id={item.id}
                        data-status={item.status}
                        title={`${item.label}\n${spaceName(item.allocation.space_id)} · ${times}\n${statusDetail(item.status, item.allocation, zone)}`}
                        className={cn("flex min-w-0 items-baseline gap-1 rounded border px-1.5 py-px text-xs leading-4 max-sm:max-w-full", chipTone[item.status])}
                        style={item.status === "tentative" ? holdStripes : undefined}
                      >
                        <span className="shrink-0 text-[11px] tabular-nums opacity-90">{chipTime(item, day, zone)}</span>
                        <span className="truncate font-medium">{item.label}</span>
                        <span className="sr-only">
                          , {spaceName(item.allocation.space_id)}, {times}, {short}
                        </span>
                      </li>
                    );
                  })}
                  {chips.length > SHOWN ? <li className="px-1 text-xs text-slate-500">+{chips.length - SHOWN} more</li> : null}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
};
