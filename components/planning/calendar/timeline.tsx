"use client";

import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type FocusEvent, type MouseEvent, type PointerEvent } from "react";
import { cn } from "@/components/ui/cn";
import type { CalendarAllocation } from "@/lib/portal/loaders/calendar";
import { dayClock } from "@/lib/planning/time";
import { useCalendar } from "./calendar-context";
import {
  blockedRange,
  bookingInTheWay,
  closedIntervals,
  dayHeading,
  freeWindow,
  isLive,
  layoutRow,
  openingMinutes,
  rangeLabel,
  refusalText,
  shortDateLabel,
  statusDetail,
  statusShort,
  timeLabel,
  type DisplayStatus,
  type Occupant,
  type SpaceRow,
  type Target,
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

/** What a drag was refused for: a new allocation or a change to one. */
export type DropKind = "create" | "change";

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
  /** While a drag is over booked time, why it would be refused (null once it is not). */
  onDragRefusal: (text: string | null) => void;
  /** A drag released over booked time: nothing was sent. */
  onRefusedDrop: (kind: DropKind, text: string) => void;
};

/** A lane holds three short lines: the name, the time, the status. */
const LANE = 56;
const PAD = 4;
/** Narrower blocks have their words beside them, in a label this wide. */
const INSIDE_PX = 40;
const LABEL_PX = 136;
/** How far the pointer travels before a press on a block becomes a drag rather than a click. */
const DRAG_THRESHOLD = 4;

type Drag =
  | { kind: "create"; spaceId: string; rect: DOMRect; anchor: number; originX: number; moved: boolean; start: number; end: number; refusal: string | null }
  | {
      kind: "move" | "resize-start" | "resize-end";
      item: BlockItem;
      rect: DOMRect;
      originX: number;
      originY: number;
      moved: boolean;
      result: Placement | null;
      refusal: string | null;
    };

type Ghost = Placement & { kind: Drag["kind"]; id: string | null; refusal: string | null };

type Tip = { id: string; lines: string[]; left: number; top: number; above: boolean };

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
export const holdStripes: CSSProperties = {
  backgroundImage: "repeating-linear-gradient(135deg, rgb(254 243 199) 0 8px, rgb(253 230 138) 8px 16px)",
};
/** Buffers and time blocked through a related space: a grey hatch behind the blocks. */
const hatch = (alpha: number): CSSProperties => ({
  backgroundImage: `repeating-linear-gradient(135deg, rgb(100 116 139 / ${alpha}) 0 3px, transparent 3px 7px)`,
});
/** A drag over booked time: red and hatched, readable without colour. */
const refusedHatch: CSSProperties = {
  backgroundImage: "repeating-linear-gradient(135deg, rgb(220 38 38 / 0.28) 0 4px, rgb(254 226 226 / 0.6) 4px 9px)",
};

/**
 * The resource timeline: a row per space, time running left to right. Dragging on empty time
 * sketches a new allocation; dragging a block moves it (onto another row too) and dragging
 * either edge resizes it, snapping to the scale's grid. Over a confirmed booking (of the space
 * or of a related one) the sketch turns red and says whose; releasing there sends nothing. A
 * press without movement is a click: blocks open their details, empty time proposes an hour.
 */
export const Timeline = ({ scale, rows, items, related, now, today, selectedId, onCreate, onChange, onOpen, onDragRefusal, onRefusedDrop }: Props) => {
  const { canWrite, zone, spaceName } = useCalendar();
  const tipId = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const axis = useRef<HTMLDivElement>(null);
  const tracks = useRef(new Map<string, HTMLDivElement>());
  const drag = useRef<Drag | null>(null);
  const suppressClick = useRef(false);
  const [ghost, setGhost] = useState<Ghost | null>(null);
  const [tip, setTip] = useState<Tip | null>(null);
  // Until the browser measures it, a row is as wide as the grid's minimum (the phone's case).
  const [rowPx, setRowPx] = useState(scale.view === "day" ? ((scale.end - scale.start) / HOUR) * 40 : 784);

  const endDrag = () => {
    drag.current = null;
    setGhost(null);
    onDragRefusal(null);
  };

  // Escape abandons a drag in progress; the block stays where it was.
  useEffect(() => {
    if (!ghost) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      drag.current = null;
      setGhost(null);
      onDragRefusal(null);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [ghost, onDragRefusal]);

  // A tooltip stays where it was put: scrolling anything takes it away.
  useEffect(() => {
    if (!tip) return;
    const hide = () => setTip(null);
    window.addEventListener("scroll", hide, true);
    return () => window.removeEventListener("scroll", hide, true);
  }, [tip]);

  useEffect(() => {
    const element = axis.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setRowPx(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // When the grid is wider than the screen, each day or week opens at the earliest opening
  // hour of the spaces shown (08:00 when none keeps hours), not at the small hours.
  const opening = useMemo(() => openingMinutes(rows.map((row) => row.space), scale.days.map((day) => day.date)), [rows, scale]);
  useLayoutEffect(() => {
    const container = scroller.current;
    const width = axis.current?.clientWidth ?? 0;
    const first = scale.days[0];
    if (!container || !first || container.scrollWidth <= container.clientWidth) return;
    container.scrollLeft = scale.x(dayClock(first.date, zone).boundary(opening)) * width;
  }, [scale, zone, opening]);

  const byRow = useMemo(() => {
    const map = new Map<string, BlockItem[]>();
    for (const item of items) map.set(item.allocation.space_id, [...(map.get(item.allocation.space_id) ?? []), item]);
    return map;
  }, [items]);

  const occupants = useMemo<Occupant[]>(
    () =>
      items.map((item) => ({
        id: item.allocation.id,
        spaceId: item.allocation.space_id,
        status: item.status,
        start: item.start,
        end: item.end,
        blockStart: item.blockStart,
        blockEnd: item.blockEnd,
        label: item.label,
      })),
    [items],
  );

  const layout = useMemo(
    () =>
      rows.map(({ space, depth }) => {
        const own = byRow.get(space.id) ?? [];
        const { lanes, count, places } = layoutRow(
          own.map((item) => ({ id: item.allocation.id, start: item.start, end: item.end, blockStart: item.blockStart, blockEnd: item.blockEnd })),
          scale.x,
          rowPx,
          { insidePx: INSIDE_PX, labelPx: LABEL_PX },
        );
        const relatives = related.get(space.id) ?? new Set<string>();
        // Bookings of a container or of a space inside this one block it too.
        const blockedBy = items.filter((item) => item.status === "confirmed" && relatives.has(item.allocation.space_id));
        return { space, depth, own, lanes, places, count, blockedBy, closed: closedIntervals(space, scale.start, scale.end) };
      }),
    [rows, byRow, related, items, scale, rowPx],
  );

  /** Why a placement would be refused, or null. */
  const refusalOf = (target: Target) => {
    const blocker = bookingInTheWay(target, occupants, related);
    return blocker ? refusalText(blocker, target, zone, spaceName) : null;
  };

  const fraction = (rect: DOMRect, clientX: number) => (clientX - rect.left) / rect.width;
  const rowAt = (clientY: number) => {
    for (const [id, element] of tracks.current) {
      const rect = element.getBoundingClientRect();
      if (clientY >= rect.top && clientY < rect.bottom) return id;
    }
    return null;
  };

  const showGhost = (next: Ghost) => {
    setGhost(next);
    onDragRefusal(next.refusal);
  };

  const onTrackPointerDown = (spaceId: string) => (event: PointerEvent<HTMLDivElement>) => {
    if (!canWrite || event.button !== 0 || event.target !== event.currentTarget) return;
    event.preventDefault();
    setTip(null);
    const rect = event.currentTarget.getBoundingClientRect();
    const anchor = scale.snap(scale.at(fraction(rect, event.clientX)));
    const end = anchor + scale.snapMs;
    const refusal = refusalOf({ spaceId, blockStart: anchor, blockEnd: end, selfId: null });
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { kind: "create", spaceId, rect, anchor, originX: event.clientX, moved: false, start: anchor, end, refusal };
    showGhost({ kind: "create", id: null, spaceId, start: anchor, end, refusal });
  };

  const onTrackPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const state = drag.current;
    if (state?.kind !== "create") return;
    if (!state.moved && Math.abs(event.clientX - state.originX) < DRAG_THRESHOLD) return;
    state.moved = true;
    const current = scale.snap(scale.at(fraction(state.rect, event.clientX)));
    state.start = Math.min(current, state.anchor);
    state.end = Math.max(current, state.anchor, state.start + scale.snapMs);
    state.refusal = refusalOf({ spaceId: state.spaceId, blockStart: state.start, blockEnd: state.end, selfId: null });
    showGhost({ kind: "create", id: null, spaceId: state.spaceId, start: state.start, end: state.end, refusal: state.refusal });
  };

  const onTrackPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const state = drag.current;
    if (state?.kind !== "create") return;
    endDrag();
    if (state.moved) {
      if (state.refusal) onRefusedDrop("create", state.refusal);
      else onCreate({ spaceId: state.spaceId, start: state.start, end: state.end });
      return;
    }
    // A click: an hour from the grid step the pointer is in, cut short by a booking after it.
    const start = scale.snap(scale.at(fraction(state.rect, event.clientX)) - scale.snapMs / 2);
    const { window, blocker } = freeWindow(state.spaceId, start, start + HOUR, occupants, related);
    if (window) onCreate({ spaceId: state.spaceId, ...window });
    else if (blocker) onRefusedDrop("create", refusalText(blocker, { spaceId: state.spaceId, blockStart: start, blockEnd: start + HOUR, selfId: null }, zone, spaceName));
  };

  const onBlockPointerDown = (item: BlockItem) => (event: PointerEvent<HTMLButtonElement>) => {
    suppressClick.current = false;
    setTip(null);
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
      refusal: null,
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
    // The block keeps its buffers wherever it goes.
    const blocked = blockedRange({
      start_at: new Date(start).toISOString(),
      end_at: new Date(end).toISOString(),
      buffer_before_min: item.allocation.buffer_before_min,
      buffer_after_min: item.allocation.buffer_after_min,
    });
    state.refusal = refusalOf({ spaceId, blockStart: blocked.start, blockEnd: blocked.end, selfId: item.allocation.id });
    showGhost({ kind: state.kind, id: item.allocation.id, spaceId, start, end, refusal: state.refusal });
  };

  const onBlockPointerUp = () => {
    const state = drag.current;
    if (!state || state.kind === "create") return;
    endDrag();
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
    if (state.refusal) onRefusedDrop("change", state.refusal);
    else onChange(item, result);
  };

  const onBlockClick = (id: string) => () => {
    if (suppressClick.current) {
      suppressClick.current = false;
      return;
    }
    onOpen(id);
  };

  /** The full words of a block beside it, on hover and on keyboard focus. */
  const showTip = (item: BlockItem, lines: string[]) => (event: MouseEvent<HTMLButtonElement> | FocusEvent<HTMLButtonElement>) => {
    if (drag.current) return;
    // A click focuses the block too; only the keyboard's focus shows the words.
    if (event.type === "focus" && !event.currentTarget.matches(":focus-visible")) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const above = rect.bottom + 96 > window.innerHeight;
    setTip({
      id: item.allocation.id,
      lines,
      left: Math.max(8, Math.min(rect.left, window.innerWidth - 8 - 288)),
      top: above ? rect.top - 4 : rect.bottom + 4,
      above,
    });
  };
  const hideTip = () => setTip(null);

  const showNow = now !== null && now >= scale.start && now <= scale.end;
  const hoursShown = (scale.end - scale.start) / HOUR;
  const week = scale.view === "week";
  const minWidth = week ? "calc(var(--label-w) + 784px)" : `calc(var(--label-w) + ${Math.round(hoursShown)} * var(--hour-w))`;

  return (
    <>
      <div
        ref={scroller}
        className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm [--hour-w:56px] [--indent:0.5rem] [--label-w:7.5rem] sm:[--hour-w:40px] sm:[--indent:1rem] sm:[--label-w:12rem]"
      >
        <div className="select-none" style={{ minWidth }}>
          <div className="grid border-b border-slate-200 bg-slate-50" style={{ gridTemplateColumns: "var(--label-w) 1fr" }}>
            <div className="sticky left-0 z-30 flex items-end border-r border-slate-200 bg-slate-50 px-3 py-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              Space
            </div>
            <div ref={axis} className="relative" aria-hidden="true">
              {week ? (
                <div className="relative h-7">
                  {scale.days.map((day) => (
                    <div
                      key={day.date}
                      className={cn(
                        "absolute inset-y-0 flex items-center justify-center border-l border-slate-300 text-xs font-medium whitespace-nowrap",
                        day.date === today ? "bg-indigo-50 text-indigo-700" : "text-slate-600",
                      )}
                      style={{ left: pct(day.x0), width: pct(day.width) }}
                    >
                      {dayHeading(day.date)}
                    </div>
                  ))}
                </div>
              ) : null}
              <div className={cn("relative", week ? "h-5 border-t border-slate-200" : "h-9")}>
                {scale.ticks
                  .filter((tick) => tick.label)
                  .map((tick) => (
                    <div
                      key={tick.ms}
                      data-hour-label={tick.label}
                      className={cn(
                        "absolute inset-y-0 border-l pl-0.5 text-slate-500 tabular-nums",
                        week ? "pt-0.5 text-[10px] leading-4" : "pt-2 pl-1 text-[11px]",
                        tick.major ? "border-slate-300" : "border-slate-200",
                      )}
                      style={{ left: pct(tick.x) }}
                    >
                      {tick.label}
                    </div>
                  ))}
              </div>
            </div>
          </div>

          <div className="relative">
          {/* The time grid, drawn once across every row (not once per row: with 200 spaces that was
              thousands of elements for the server to render); the rows' own backgrounds sit above it. */}
          <div aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-0" style={{ left: "var(--label-w)" }}>
            {scale.ticks.map((tick) => (
              <div key={tick.ms} className={cn("absolute inset-y-0 w-px", tick.major ? "bg-slate-200" : "bg-slate-100")} style={{ left: pct(tick.x) }} />
            ))}
            {week ? scale.days.map((day) => <div key={day.date} className="absolute inset-y-0 w-px bg-slate-300" style={{ left: pct(day.x0) }} />) : null}
          </div>
          {layout.map(({ space, depth, own, lanes, places, count, blockedBy, closed }) => {
            const rowGhost = ghost && ghost.spaceId === space.id ? ghost : null;
            return (
              <div key={space.id} className="grid border-b border-slate-100 last:border-b-0" style={{ gridTemplateColumns: "var(--label-w) 1fr" }}>
                <div
                  className="sticky left-0 z-30 flex min-w-0 flex-col justify-center border-r border-slate-200 bg-white py-1.5 pr-2"
                  style={{ paddingLeft: `calc(0.75rem + ${depth} * var(--indent))` }}
                >
                  {/* Names wrap rather than shrink to a few letters on a phone's narrow column. */}
                  <span className={cn("text-sm leading-5 wrap-anywhere", depth === 0 ? "font-semibold text-slate-900" : "font-medium text-slate-700")}>
                    {depth > 0 ? (
                      <span aria-hidden="true" className="mr-1 text-slate-300">
                        └
                      </span>
                    ) : null}
                    {space.name}
                  </span>
                  {space.timezone !== zone || !space.active ? (
                    <span className="text-[11px] text-slate-500 wrap-anywhere">
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
                  style={{ minHeight: PAD * 2 + count * LANE }}
                  onPointerDown={space.active ? onTrackPointerDown(space.id) : undefined}
                  onPointerMove={onTrackPointerMove}
                  onPointerUp={onTrackPointerUp}
                  onPointerCancel={endDrag}
                >
                  {closed.map((interval) => (
                    <div key={interval.start} aria-hidden="true" className="pointer-events-none absolute inset-y-0 bg-slate-100/80" style={span(scale, interval.start, interval.end)} />
                  ))}
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
                    const place = places.get(item.allocation.id) ?? "inside";
                    const top = PAD + lane * LANE;
                    const height = LANE - 4;
                    const dragged = ghost?.id === item.allocation.id;
                    const times = rangeLabel(item.start, item.end, zone);
                    const short = statusShort(item.status, item.allocation.sequence);
                    const detail = statusDetail(item.status, item.allocation, zone);
                    const space = spaceName(item.allocation.space_id);
                    const clippedStart = item.start < scale.start;
                    const clippedEnd = item.end > scale.end;
                    const live = isLive(item.status);
                    const sub = item.status === "confirmed" ? "text-indigo-100" : "opacity-80";
                    const buffers = [
                      item.allocation.buffer_before_min > 0 ? `${item.allocation.buffer_before_min} min before` : null,
                      item.allocation.buffer_after_min > 0 ? `${item.allocation.buffer_after_min} min after` : null,
                    ].filter(Boolean);
                    const lines = [item.label, `${space} · ${shortDateLabel(item.start, zone)} ${times}`, detail, ...(buffers.length > 0 ? [`Buffers: ${buffers.join(", ")}`] : [])];
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
                          aria-label={`${item.label}, ${space}, ${shortDateLabel(item.start, zone)} ${times}, ${short}`}
                          aria-describedby={tip?.id === item.allocation.id ? tipId : undefined}
                          data-allocation-id={item.allocation.id}
                          data-status={item.status}
                          data-label={place}
                          onPointerDown={onBlockPointerDown(item)}
                          onPointerMove={onBlockPointerMove}
                          onPointerUp={onBlockPointerUp}
                          onPointerCancel={endDrag}
                          onClick={onBlockClick(item.allocation.id)}
                          onMouseEnter={showTip(item, lines)}
                          onMouseLeave={hideTip}
                          onFocus={showTip(item, lines)}
                          onBlur={hideTip}
                          className={cn(
                            "group @container absolute z-10 min-w-1.5 rounded-md border text-left text-xs leading-4 shadow-sm transition-[filter,opacity]",
                            "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600",
                            place === "inside" ? "overflow-hidden px-1 @min-[4rem]:px-1.5" : "overflow-visible",
                            blockTone[item.status],
                            clippedStart && "rounded-l-none border-l-0",
                            clippedEnd && "rounded-r-none border-r-0",
                            selectedId === item.allocation.id && "ring-2 ring-indigo-400 ring-offset-1",
                            dragged && "opacity-40",
                            canWrite && live ? "cursor-grab touch-none active:cursor-grabbing" : "cursor-pointer",
                          )}
                          style={{ ...span(scale, item.start, item.end), top, height, ...(item.status === "tentative" ? holdStripes : {}) }}
                        >
                          {place === "inside" ? (
                            // As much as fits, line by line: the name, the time (the start alone when narrow), the status.
                            <>
                              <span className="block truncate pt-1 font-semibold">{item.label}</span>
                              <span className={cn("block truncate text-[11px] leading-[14px] tabular-nums", sub)}>
                                <span className="@min-[5.5rem]:hidden">{timeLabel(item.start, zone)}</span>
                                <span className="hidden @min-[5.5rem]:inline">{times}</span>
                              </span>
                              <span className={cn("block truncate text-[11px] leading-[14px]", sub)}>
                                {detail === short ? (
                                  short
                                ) : (
                                  <>
                                    <span className="@min-[12rem]:hidden">{short}</span>
                                    <span className="hidden @min-[12rem]:inline">{detail}</span>
                                  </>
                                )}
                              </span>
                            </>
                          ) : (
                            // Too narrow for words: they go beside the block, in room the lanes keep free.
                            <span
                              className={cn(
                                "absolute inset-y-0 flex flex-col justify-center rounded bg-white/90 px-1 text-slate-900 no-underline shadow-xs ring-1 ring-slate-200",
                                place === "after" ? "left-full ml-0.5" : "right-full mr-0.5",
                              )}
                              style={{ width: LABEL_PX - 4 }}
                            >
                              <span className={cn("truncate font-semibold", item.status === "cancelled" && "line-through")}>{item.label}</span>
                              <span className="truncate text-[11px] leading-[14px] text-slate-600 tabular-nums">
                                {timeLabel(item.start, zone)} · {short}
                              </span>
                            </span>
                          )}
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
                      data-refused={rowGhost.refusal ? "true" : undefined}
                      className={cn(
                        "pointer-events-none absolute inset-y-1 z-20 overflow-hidden rounded-md border-2 border-dashed px-1.5 py-1 text-xs font-semibold whitespace-nowrap",
                        rowGhost.refusal ? "border-red-600 bg-red-50/60 text-red-900" : "border-indigo-500 bg-indigo-500/15 text-indigo-900",
                      )}
                      style={{ ...span(scale, rowGhost.start, rowGhost.end), ...(rowGhost.refusal ? refusedHatch : {}) }}
                    >
                      {rowGhost.refusal ? (
                        <>
                          <span aria-hidden="true">⊘ </span>
                          {rowGhost.refusal}
                        </>
                      ) : (
                        rangeLabel(rowGhost.start, rowGhost.end, zone)
                      )}
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
      </div>
      {tip ? (
        <div
          id={tipId}
          role="tooltip"
          className="pointer-events-none fixed z-50 w-max max-w-72 rounded-md bg-slate-900 px-2.5 py-1.5 text-xs leading-5 text-white shadow-lg"
          style={{ left: tip.left, top: tip.top, transform: tip.above ? "translateY(-100%)" : undefined }}
        >
          {tip.lines.map((line, index) => (
            <span key={index} className={cn("block", index === 0 && "font-semibold")}>
              {line}
            </span>
          ))}
        </div>
      ) : null}
    </>
  );
};
