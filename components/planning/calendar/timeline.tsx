"use client";

import { useEffect, useMemo, useRef, useState, type CSSProperties, type PointerEvent } from "react";
import { cn } from "@/components/ui/cn";
import type { CalendarAllocation } from "@/lib/portal/loaders/calendar";
import { useCalendar } from "./calendar-context";
import {
  assignLanes,
  closedIntervals,
  dateTimeLabel,
  dayHeading,
  isLive,
  rangeLabel,
  shortDateLabel,
  statusLabels,
  timeLabel,
  type DisplayStatus,
  type SpaceRow,
} from "./model";
import { HOUR, type Scale } from "./time-scale";

/** One allocation as the grid draws it. */
export type BlockItem = {
  allocation: CalendarAllocation;
  status: DisplayStatus;
  start: number;
  end: number;
  blockStart: number;
  blockEnd: number;
  label: string;
};

export type Placement = { spaceId: string; start: number; end: number };

type Props = {
  scale: Scale;
  rows: SpaceRow[];
  items: BlockItem[];
  related: Map<string, Set<string>>;
  now: number | null;
  today: string | null;
  selectedId: string | null;
  onCreate: (placement: Placement) => void;
  onChange: (item: BlockItem, placement: Placement) => void;
  onOpen: (id: string) => void;
};

const LANE = 44;
const PAD = 4;
/** How far the pointer travels before a press on a block becomes a drag rather than a click. */
const DRAG_THRESHOLD = 4;

type Drag =
  | { kind: "create"; spaceId: string; rect: DOMRect; anchor: number; originX: number; moved: boolean; start: number; end: number }
  | {
      kind: "move" | "resize-start" | "resize-end";
      item: BlockItem;
      rect: DOMRect;
      originX: number;
      originY: number;
      moved: boolean;
      result: Placement | null;
    };

type Ghost = Placement & { kind: Drag["kind"]; id: string | null };

const pct = (fraction: number) => `${(fraction * 100).toFixed(4)}%`;
const span = (scale: Scale, start: number, end: number): CSSProperties => {
  const left = scale.x(start);
  return { left: pct(left), width: pct(Math.max(0, scale.x(end) - left)) };
};

const blockTone: Record<DisplayStatus, string> = {
  confirmed: "border-indigo-700 bg-indigo-600 text-white hover:bg-indigo-700",
  tentative: "border-amber-500 border-dashed text-amber-950 hover:brightness-95",
  cancelled: "border-slate-300 bg-slate-100 text-slate-500 line-through hover:bg-slate-200",
  expired: "border-slate-300 border-dashed bg-white text-slate-500 hover:bg-slate-50",
};

/** Holds are striped: lighter than a booking, and readable without colour. */
const holdStripes: CSSProperties = {
  backgroundImage: "repeating-linear-gradient(135deg, rgb(254 243 199) 0 8px, rgb(253 230 138) 8px 16px)",
};
/** Buffers and time blocked through a related space: a grey hatch behind the blocks. */
const hatch = (alpha: number): CSSProperties => ({
  backgroundImage: `repeating-linear-gradient(135deg, rgb(100 116 139 / ${alpha}) 0 3px, transparent 3px 7px)`,
});

const holdDetail = (item: BlockItem, zone: string) => {
  const { allocation, status } = item;
  if (status === "cancelled") return "Cancelled";
  if (status === "expired") return "Expired hold";
  if (status !== "tentative") return null;
  const rank = allocation.sequence !== null ? `#${allocation.sequence}` : "Hold";
  return allocation.expires_at ? `${rank} · until ${dateTimeLabel(Date.parse(allocation.expires_at), zone)}` : rank;
};

/**
 * The resource timeline: a row per space, time running left to right. Dragging on empty time
 * sketches a new allocation; dragging a block moves it (onto another row too) and dragging
 * either edge resizes it, snapping to the scale's grid. A press without movement is a click:
 * blocks open their details, empty time proposes an hour.
 */
export const Timeline = ({ scale, rows, items, related, now, today, selectedId, onCreate, onChange, onOpen }: Props) => {
  const { canWrite, zone, spaceName } = useCalendar();
  const tracks = useRef(new Map<string, HTMLDivElement>());
  const drag = useRef<Drag | null>(null);
  const suppressClick = useRef(false);
  const [ghost, setGhost] = useState<Ghost | null>(null);

  const cancelDrag = () => {
    drag.current = null;
    setGhost(null);
  };

  // Escape abandons a drag in progress; the block stays where it was.
  useEffect(() => {
    if (!ghost) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      drag.current = null;
      setGhost(null);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [ghost]);

  const byRow = useMemo(() => {
    const map = new Map<string, BlockItem[]>();
    for (const item of items) map.set(item.allocation.space_id, [...(map.get(item.allocation.space_id) ?? []), item]);
    return map;
  }, [items]);

  const layout = useMemo(
    () =>
      rows.map(({ space, depth }) => {
        const own = byRow.get(space.id) ?? [];
        const { lanes, count } = assignLanes(own.map((item) => ({ id: item.allocation.id, start: item.blockStart, end: item.blockEnd })));
        const relatives = related.get(space.id) ?? new Set<string>();
        // Bookings of a container or of a space inside this one block it too.
        const blockedBy = items.filter((item) => item.status === "confirmed" && relatives.has(item.allocation.space_id));
        return { space, depth, own, lanes, count, blockedBy, closed: closedIntervals(space, scale.start, scale.end) };
      }),
    [rows, byRow, related, items, scale],
  );

  const fraction = (rect: DOMRect, clientX: number) => (clientX - rect.left) / rect.width;
  const rowAt = (clientY: number) => {
    for (const [id, element] of tracks.current) {
      const rect = element.getBoundingClientRect();
      if (clientY >= rect.top && clientY < rect.bottom) return id;
    }
    return null;
  };

  const onTrackPointerDown = (spaceId: string) => (event: PointerEvent<HTMLDivElement>) => {
    if (!canWrite || event.button !== 0 || event.target !== event.currentTarget) return;
    event.preventDefault();
    const rect = event.currentTarget.getBoundingClientRect();
    const anchor = scale.snap(scale.at(fraction(rect, event.clientX)));
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { kind: "create", spaceId, rect, anchor, originX: event.clientX, moved: false, start: anchor, end: anchor + scale.snapMs };
    setGhost({ kind: "create", id: null, spaceId, start: anchor, end: anchor + scale.snapMs });
  };

  const onTrackPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const state = drag.current;
    if (state?.kind !== "create") return;
    if (!state.moved && Math.abs(event.clientX - state.originX) < DRAG_THRESHOLD) return;
    state.moved = true;
    const current = scale.snap(scale.at(fraction(state.rect, event.clientX)));
    state.start = Math.min(current, state.anchor);
    state.end = Math.max(current, state.anchor, state.start + scale.snapMs);
    setGhost({ kind: "create", id: null, spaceId: state.spaceId, start: state.start, end: state.end });
  };

  const onTrackPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const state = drag.current;
    if (state?.kind !== "create") return;
    cancelDrag();
    if (state.moved) {
      onCreate({ spaceId: state.spaceId, start: state.start, end: state.end });
      return;
    }
    // A click: an hour from the grid step the pointer is in.
    const start = scale.snap(scale.at(fraction(state.rect, event.clientX)) - scale.snapMs / 2);
    onCreate({ spaceId: state.spaceId, start, end: start + HOUR });
  };

  const onBlockPointerDown = (item: BlockItem) => (event: PointerEvent<HTMLButtonElement>) => {
    suppressClick.current = false;
    const live = isLive(item.status);
    if (!canWrite || !live || event.button !== 0) return;
    const track = tracks.current.get(item.allocation.space_id);
    if (!track) return;
    const handle = (event.target as HTMLElement).dataset.handle;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = {
      kind: handle === "start" ? "resize-start" : handle === "end" ? "resize-end" : "move",
      item,
      rect: track.getBoundingClientRect(),
      originX: event.clientX,
      originY: event.clientY,
      moved: false,
      result: null,
    };
  };

  const onBlockPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const state = drag.current;
    if (!state || state.kind === "create") return;
    if (!state.moved && Math.hypot(event.clientX - state.originX, event.clientY - state.originY) < DRAG_THRESHOLD) return;
    state.moved = true;
    const { item } = state;
    const delta = scale.at(fraction(state.rect, event.clientX)) - scale.at(fraction(state.rect, state.originX));
    let { start, end } = item;
    let spaceId = item.allocation.space_id;
    if (state.kind === "move") {
      const step = Math.round(delta / scale.snapMs) * scale.snapMs;
      start += step;
      end += step;
      spaceId = rowAt(event.clientY) ?? spaceId;
    } else if (state.kind === "resize-start") {
      start = Math.min(scale.snap(start + delta), end - scale.snapMs);
    } else {
      end = Math.max(scale.snap(end + delta), start + scale.snapMs);
    }
    state.result = { spaceId, start, end };
    setGhost({ kind: state.kind, id: item.allocation.id, spaceId, start, end });
  };

  const onBlockPointerUp = () => {
    const state = drag.current;
    if (!state || state.kind === "create") return;
    cancelDrag();
    if (!state.moved) return;
    // The click that follows the release (if the block is still under the pointer) belongs to
    // the drag, not to the block; a moved block may get none, so the flag lapses right after.
    suppressClick.current = true;
    setTimeout(() => {
      suppressClick.current = false;
    }, 0);
    const result = state.result;
    const { item } = state;
    if (!result) return;
    if (result.spaceId === item.allocation.space_id && result.start === item.start && result.end === item.end) return;
    onChange(item, result);
  };

  const onBlockClick = (id: string) => () => {
    if (suppressClick.current) {
      suppressClick.current = false;
      return;
    }
    onOpen(id);
  };

  const showNow = now !== null && now >= scale.start && now <= scale.end;
  const hoursShown = (scale.end - scale.start) / HOUR;
  const minWidth = scale.view === "day" ? `calc(var(--label-w) + ${Math.round(hoursShown * 40)}px)` : "calc(var(--label-w) + 784px)";

  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm [--label-w:8.5rem] sm:[--label-w:12rem]">
      <div className="select-none" style={{ minWidth }}>
        <div className="grid border-b border-slate-200 bg-slate-50" style={{ gridTemplateColumns: "var(--label-w) 1fr" }}>
          <div className="sticky left-0 z-30 border-r border-slate-200 bg-slate-50 px-3 py-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            Space
          </div>
          <div className="relative h-9" aria-hidden="true">
            {scale.view === "week"
              ? scale.days.map((day) => (
                  <div
                    key={day.date}
                    className={cn(
                      "absolute inset-y-0 flex items-center justify-center border-l border-slate-300 text-xs font-medium",
                      day.date === today ? "bg-indigo-50 text-indigo-700" : "text-slate-600",
                    )}
                    style={{ left: pct(day.x0), width: pct(day.width) }}
                  >
                    {dayHeading(day.date)}
                  </div>
                ))
              : scale.ticks
                  .filter((tick) => tick.label)
                  .map((tick) => (
                    <div key={tick.ms} className="absolute inset-y-0 border-l border-slate-200 pt-2 pl-1 text-[11px] text-slate-500" style={{ left: pct(tick.x) }}>
                      {tick.label}
                    </div>
                  ))}
          </div>
        </div>

        {layout.map(({ space, depth, own, lanes, count, blockedBy, closed }) => {
          const rowGhost = ghost && ghost.spaceId === space.id ? ghost : null;
          return (
            <div
              key={space.id}
              className="grid border-b border-slate-100 last:border-b-0"
              style={{ gridTemplateColumns: "var(--label-w) 1fr" }}
            >
              <div
                className="sticky left-0 z-30 flex min-w-0 flex-col justify-center border-r border-slate-200 bg-white py-1.5 pr-2"
                style={{ paddingLeft: `${0.75 + depth * 1}rem` }}
              >
                <span className={cn("truncate text-sm", depth === 0 ? "font-semibold text-slate-900" : "font-medium text-slate-700")} title={space.name}>
                  {depth > 0 ? (
                    <span aria-hidden="true" className="mr-1 text-slate-300">
                      └
                    </span>
                  ) : null}
                  {space.name}
                </span>
                {space.timezone !== zone || !space.active ? (
                  <span className="truncate text-[11px] text-slate-500">
                    {[space.timezone !== zone ? space.timezone : null, space.active ? null : "inactive"].filter(Boolean).join(" · ")}
                  </span>
                ) : null}
              </div>
              <div
                ref={(element) => {
                  if (element) tracks.current.set(space.id, element);
                  else tracks.current.delete(space.id);
                }}
                role="group"
                aria-label={`${space.name} timeline`}
                data-space-id={space.id}
                className={cn("relative", canWrite && space.active ? "cursor-crosshair" : null)}
                style={{ height: PAD * 2 + count * LANE }}
                onPointerDown={space.active ? onTrackPointerDown(space.id) : undefined}
                onPointerMove={onTrackPointerMove}
                onPointerUp={onTrackPointerUp}
                onPointerCancel={cancelDrag}
              >
                {closed.map((interval) => (
                  <div key={interval.start} aria-hidden="true" className="pointer-events-none absolute inset-y-0 bg-slate-100/80" style={span(scale, interval.start, interval.end)} />
                ))}
                {scale.ticks.map((tick) => (
                  <div
                    key={tick.ms}
                    aria-hidden="true"
                    className={cn("pointer-events-none absolute inset-y-0 w-px", tick.major ? "bg-slate-200" : "bg-slate-100")}
                    style={{ left: pct(tick.x) }}
                  />
                ))}
                {scale.view === "week"
                  ? scale.days.map((day) => (
                      <div key={day.date} aria-hidden="true" className="pointer-events-none absolute inset-y-0 w-px bg-slate-300" style={{ left: pct(day.x0) }} />
                    ))
                  : null}
                {blockedBy.map((item) => (
                  <div
                    key={`blocked-${item.allocation.id}`}
                    aria-hidden="true"
                    title={`Blocked: ${spaceName(item.allocation.space_id)} is booked (${item.label})`}
                    className="pointer-events-none absolute inset-y-1 rounded-sm"
                    style={{ ...span(scale, item.blockStart, item.blockEnd), ...hatch(0.22) }}
                  />
                ))}
                {own.map((item) => {
                  const lane = lanes.get(item.allocation.id) ?? 0;
                  const top = PAD + lane * LANE;
                  const height = LANE - 4;
                  const dragged = ghost?.id === item.allocation.id;
                  const detail = holdDetail(item, zone);
                  const times = rangeLabel(item.start, item.end, zone);
                  const clippedStart = item.start < scale.start;
                  const clippedEnd = item.end > scale.end;
                  const live = isLive(item.status);
                  return (
                    <div key={item.allocation.id}>
                      {item.blockStart < item.start ? (
                        <div
                          aria-hidden="true"
                          title={`Buffer before: ${item.allocation.buffer_before_min} min`}
                          className="pointer-events-none absolute rounded-l-md border border-r-0 border-slate-300 bg-white"
                          style={{ ...span(scale, item.blockStart, item.start), top, height, ...hatch(0.35) }}
                        />
                      ) : null}
                      {item.blockEnd > item.end ? (
                        <div
                          aria-hidden="true"
                          title={`Buffer after: ${item.allocation.buffer_after_min} min`}
                          className="pointer-events-none absolute rounded-r-md border border-l-0 border-slate-300 bg-white"
                          style={{ ...span(scale, item.end, item.blockEnd), top, height, ...hatch(0.35) }}
                        />
                      ) : null}
                      <button
                        type="button"
                        aria-label={`${item.label}, ${spaceName(item.allocation.space_id)}, ${shortDateLabel(item.start, zone)} ${times}, ${statusLabels[item.status]}${
                          item.status === "tentative" && item.allocation.sequence !== null ? ` #${item.allocation.sequence}` : ""
                        }`}
                        title={`${item.label}\n${times}${detail ? `\n${detail}` : ""}`}
                        data-allocation-id={item.allocation.id}
                        data-status={item.status}
                        onPointerDown={onBlockPointerDown(item)}
                        onPointerMove={onBlockPointerMove}
                        onPointerUp={onBlockPointerUp}
                        onPointerCancel={cancelDrag}
                        onClick={onBlockClick(item.allocation.id)}
                        className={cn(
                          "group @container absolute z-10 min-w-1.5 overflow-hidden rounded-md border px-1.5 text-left text-xs leading-4 shadow-sm transition-[filter,opacity]",
                          "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600",
                          blockTone[item.status],
                          clippedStart && "rounded-l-none border-l-0",
                          clippedEnd && "rounded-r-none border-r-0",
                          selectedId === item.allocation.id && "ring-2 ring-indigo-400 ring-offset-1",
                          dragged && "opacity-40",
                          canWrite && live ? "cursor-grab touch-none active:cursor-grabbing" : "cursor-pointer",
                        )}
                        style={{ ...span(scale, item.start, item.end), top, height, ...(item.status === "tentative" ? holdStripes : {}) }}
                      >
                        {/* Text only where it can be read: a sliver of a block (week view) shows colour alone. */}
                        <span className="hidden truncate pt-1 font-semibold @min-[2.75rem]:block">{item.label}</span>
                        <span className={cn("hidden truncate text-[11px] @min-[4rem]:block", item.status === "confirmed" ? "text-indigo-100" : "opacity-80")}>
                          {times}
                          {detail ? ` · ${detail}` : ""}
                        </span>
                        {canWrite && live ? (
                          <>
                            <span data-handle="start" aria-hidden="true" className="absolute inset-y-0 left-0 hidden w-2 cursor-ew-resize group-hover:bg-black/10 @min-[2rem]:block" />
                            <span data-handle="end" aria-hidden="true" className="absolute inset-y-0 right-0 hidden w-2 cursor-ew-resize group-hover:bg-black/10 @min-[2rem]:block" />
                          </>
                        ) : null}
                      </button>
                    </div>
                  );
                })}
                {rowGhost ? (
                  <div
                    aria-hidden="true"
                    data-testid="calendar-ghost"
                    className="pointer-events-none absolute inset-y-1 z-20 overflow-hidden rounded-md border-2 border-dashed border-indigo-500 bg-indigo-500/15 px-1.5 py-1 text-xs font-semibold whitespace-nowrap text-indigo-900"
                    style={span(scale, rowGhost.start, rowGhost.end)}
                  >
                    {rangeLabel(rowGhost.start, rowGhost.end, zone)}
                  </div>
                ) : null}
                {showNow ? (
                  <div aria-hidden="true" title={`Now, ${timeLabel(now, zone)}`} className="pointer-events-none absolute inset-y-0 z-20 w-0.5 bg-red-500/80" style={{ left: pct(scale.x(now)) }} />
                ) : null}
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
};
