"use client";

import { QueryClient, QueryClientProvider, keepPreviousData, useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { Button, ButtonLink } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { BuildingIcon, PlusIcon, SearchIcon } from "@/components/ui/icons";
import type { AllocationWarning } from "@/lib/planning/allocations/present";
import { instantAt, isLocalDate, localDateOf } from "@/lib/planning/time";
import { calendarWindowAction } from "@/lib/portal/actions/calendar";
import type { CalendarAllocation, CalendarWindow } from "@/lib/portal/loaders/calendar";
import { orThrow } from "@/lib/portal/outcome";
import { accountPath } from "@/lib/portal/paths";
import { CalendarProvider, calendarKeys, eventPath, useAllocationWritesFor, useCalendar, useCalendarLive } from "./calendar-context";
import { AllocationPanel } from "./allocation-panel";
import { CreateDialog } from "./create-dialog";
import { FindSlotPanel } from "./find-slot-panel";
import { MonthView } from "./month-view";
import {
  blockedRange,
  dateTimeLabel,
  displayStatus,
  isLive,
  longDateLabel,
  monthLabel,
  rangeLabel,
  relatedSpaces,
  spaceRows,
  weekLabel,
  zoneLabel,
} from "./model";
import { buildScale, firstDateOf, monthStart, stepDate, views, type Hours, type View } from "./time-scale";
import { Timeline, type BlockItem, type DropKind, type Placement } from "./timeline";

export type CalendarProps = {
  accountId: number;
  canWrite: boolean;
  initialView: View;
  initialDate: string;
  initialZone: string;
  initialHours: Hours;
  initialData: CalendarWindow;
};

/** The calendar keeps its own query client: its cache lives and dies with the page. */
export const PlanningCalendar = (props: CalendarProps) => {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 10_000, retry: 1, refetchOnWindowFocus: true } } }),
  );
  return (
    <QueryClientProvider client={client}>
      <CalendarApp {...props} />
    </QueryClientProvider>
  );
};

type Notice = { tone: "error" | "success"; text: string; warnings: AllocationWarning[] };

/** The current time to the half minute (null while rendering on the server, so both renders agree). */
const subscribeClock = (tick: () => void) => {
  const timer = setInterval(tick, 30_000);
  return () => clearInterval(timer);
};
const clockSnapshot = () => Math.floor(Date.now() / 30_000) * 30_000;
const serverClock = () => null;

const CalendarApp = ({ accountId, canWrite, initialView, initialDate, initialZone, initialHours, initialData }: CalendarProps) => {
  const [view, setView] = useState<View>(initialView);
  const [date, setDate] = useState(initialDate);
  const [hours, setHours] = useState<Hours>(initialHours);
  const [zoneChoice, setZoneChoice] = useState(initialZone);
  const [showCancelled, setShowCancelled] = useState(false);
  const [findOpen, setFindOpen] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [draft, setDraft] = useState<(Placement & { key: number }) | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [dragRefusal, setDragRefusal] = useState<string | null>(null);
  const [overrides, setOverrides] = useState<Map<string, Placement>>(new Map());
  const now = useSyncExternalStore(subscribeClock, clockSnapshot, serverClock);
  const [initial] = useState(() => ({ data: initialData, zone: initialZone, view: initialView, date: initialDate, hours: initialHours }));

  // The zone decides the window to load, so it follows the spaces of the last answer.
  const [spaces, setSpaces] = useState(initialData.spaces);
  const zones = useMemo(() => [...new Set(spaces.filter((space) => space.active).map((space) => space.timezone))], [spaces]);
  const zone = zones.length === 0 ? zoneChoice : zones.includes(zoneChoice) ? zoneChoice : zones[0]!;

  const scale = useMemo(() => buildScale({ view, date, zone, hours }), [view, date, zone, hours]);
  const matchesInitial = zone === initial.zone && view === initial.view && date === initial.date && hours === initial.hours;

  const query = useQuery({
    queryKey: calendarKeys.window(accountId, scale.fetchStart, scale.fetchEnd),
    queryFn: async () =>
      orThrow(await calendarWindowAction(accountId, { start_at: new Date(scale.fetchStart).toISOString(), end_at: new Date(scale.fetchEnd).toISOString() })),
    initialData: matchesInitial ? initial.data : undefined,
    placeholderData: keepPreviousData,
  });
  useCalendarLive(accountId);
  const data = query.data ?? initial.data;
  if (query.data && !query.isPlaceholderData && query.data.spaces !== spaces) setSpaces(query.data.spaces);
  const { update } = useAllocationWritesFor(accountId);

  // The URL says which day and view are shown, so a reload or a shared link opens the same place.
  useEffect(() => {
    const url = new URL(window.location.href);
    url.searchParams.set("view", view);
    url.searchParams.set("date", date);
    if (hours === "full") url.searchParams.set("hours", "full");
    else url.searchParams.delete("hours");
    window.history.replaceState(window.history.state, "", url);
  }, [view, date, hours]);

  // A success note clears itself; errors stay until dismissed or replaced.
  useEffect(() => {
    if (notice?.tone !== "success" || notice.warnings.length > 0) return;
    const timer = setTimeout(() => setNotice(null), 8000);
    return () => clearTimeout(timer);
  }, [notice]);

  const rows = useMemo(() => {
    const used = new Set(data.allocations.map((allocation) => allocation.space_id));
    return spaceRows(data.spaces).filter(({ space }) => space.active || used.has(space.id));
  }, [data]);
  const related = useMemo(() => relatedSpaces(data.spaces), [data.spaces]);
  const events = useMemo(() => new Map(data.events.map((event) => [event.id, event.name])), [data.events]);
  const spaceNames = useMemo(() => new Map(data.spaces.map((space) => [space.id, space.name])), [data.spaces]);

  const items = useMemo(() => {
    const shown = new Set(rows.map((row) => row.space.id));
    const list: BlockItem[] = [];
    for (const allocation of data.allocations) {
      const status = displayStatus(allocation, now ?? 0);
      if (!isLive(status) && !showCancelled) continue;
      const moved = overrides.get(allocation.id);
      const placed = moved
        ? { ...allocation, space_id: moved.spaceId, start_at: new Date(moved.start).toISOString(), end_at: new Date(moved.end).toISOString() }
        : allocation;
      if (!shown.has(placed.space_id)) continue;
      const range = blockedRange(placed);
      if (range.end <= scale.start || range.start >= scale.end) continue;
      list.push({
        allocation: placed,
        status,
        start: Date.parse(placed.start_at),
        end: Date.parse(placed.end_at),
        blockStart: range.start,
        blockEnd: range.end,
        label: placed.title ?? (placed.event_id ? events.get(placed.event_id) : null) ?? "Untitled",
      });
    }
    return list;
  }, [data.allocations, rows, now, showCancelled, overrides, scale, events]);

  const context = useMemo(
    () => ({
      accountId,
      canWrite,
      zone,
      spaces: data.spaces,
      spaceName: (id: string) => spaceNames.get(id) ?? "Unknown space",
      eventName: (id: string | null) => (id ? (events.get(id) ?? null) : null),
      eventHref: (id: string) => eventPath(accountId, id),
    }),
    [accountId, canWrite, zone, data.spaces, spaceNames, events],
  );

  const first = firstDateOf(view, date);
  const today = now === null ? null : localDateOf(new Date(now), zone);
  const selected = selectedId ? data.allocations.find((allocation) => allocation.id === selectedId) : undefined;

  const announce = useCallback(
    (allocation: CalendarAllocation, warnings: AllocationWarning[], verb: string) => {
      const start = Date.parse(allocation.start_at);
      const what = allocation.status === "confirmed" ? "Booked" : "Hold placed on";
      setNotice({
        tone: "success",
        text: `${verb || what} ${spaceNames.get(allocation.space_id) ?? "the space"}, ${dateTimeLabel(start, zone).split(",")[0]} ${rangeLabel(start, Date.parse(allocation.end_at), zone)}.`,
        warnings,
      });
    },
    [spaceNames, zone],
  );

  /** A drag released on booked time sends nothing; the note says whose booking is in the way. */
  const refusedDrop = useCallback((kind: DropKind, text: string) => {
    setNotice({ tone: "error", text: `${text} — ${kind === "create" ? "nothing was placed" : "the block stayed where it was"}.`, warnings: [] });
  }, []);

  /** A dropped block stays where it landed while the server decides, and snaps back on a refusal. */
  const move = async (item: BlockItem, placement: Placement) => {
    const id = item.allocation.id;
    setOverrides((current) => new Map(current).set(id, placement));
    const result = await update(id, {
      space_id: placement.spaceId,
      start_at: new Date(placement.start).toISOString(),
      end_at: new Date(placement.end).toISOString(),
    });
    setOverrides((current) => {
      const next = new Map(current);
      if (next.get(id) === placement) next.delete(id);
      return next;
    });
    if (!result.ok) setNotice({ tone: "error", text: result.message, warnings: [] });
    else if (result.warnings.length > 0) announce(result.allocation, result.warnings, "Moved to");
    else setNotice(null);
  };

  if (data.spaces.length === 0) {
    return (
      <EmptyState
        icon={<BuildingIcon className="size-6" />}
        title="No spaces yet"
        description="The calendar has a row for each room or hall you hire out. Add your spaces first; their bookings and holds then show up here."
        action={canWrite ? <ButtonLink href={accountPath(accountId, "planning", "spaces")}>Add spaces</ButtonLink> : undefined}
      />
    );
  }

  return (
    <CalendarProvider value={context}>
      <div className="space-y-4">
        <Toolbar
          view={view}
          first={first}
          date={date}
          hours={hours}
          zone={zone}
          zones={zones}
          showCancelled={showCancelled}
          findOpen={findOpen}
          loading={query.isFetching}
          onView={setView}
          onDate={setDate}
          onHours={setHours}
          onZone={setZoneChoice}
          onShowCancelled={setShowCancelled}
          onFind={() => setFindOpen((open) => !open)}
          onNew={() => {
            // The next grid step from now when now is on screen, else 09:00 on the first day shown
            // (on the chosen day in the month view).
            const onScreen = view !== "month" && now !== null && now >= scale.start && now <= scale.end - 3_600_000;
            const start = onScreen ? scale.snap(now + scale.snapMs / 2) : (instantAt(view === "month" ? date : first, 9 * 60, zone)?.getTime() ?? scale.start);
            setDraft({ key: Date.now(), spaceId: rows.find((row) => row.space.active)?.space.id ?? rows[0]!.space.id, start, end: start + 3_600_000 });
          }}
          today={today}
        />

        {!canWrite ? (
          <p className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-600">
            Read-only: you can see the plan; changing it needs the planning permission.
          </p>
        ) : null}

        {findOpen ? (
          <FindSlotPanel
            rows={rows}
            firstDate={view === "month" ? monthStart(date) : first}
            onClose={() => setFindOpen(false)}
            onPlaced={(allocation, warnings) => {
              announce(allocation, warnings, "Hold placed on");
              setDate(localDateOf(new Date(Date.parse(allocation.start_at)), zone));
            }}
          />
        ) : null}


        {/* Always there, one line high: a note replacing the hint never shifts the grid under the pointer. */}
        <div aria-live="polite" className="min-h-10">
          {dragRefusal ? (
            <p role="status" className="py-2 text-sm font-medium text-red-700">
              <span aria-hidden="true">⊘ </span>
              {dragRefusal}. Not free: release elsewhere, or press Escape.
            </p>
          ) : notice ? (
            <NoticeBox notice={notice} onDismiss={() => setNotice(null)} />
          ) : query.isError ? (
            <p role="alert" className="py-2 text-sm text-red-700">
              The calendar could not be refreshed; it tries again every 30 seconds.
            </p>
          ) : (
            <p className="py-2 text-sm text-slate-500">
              {view === "month"
                ? "Click a day to open it hour by hour."
                : canWrite
                  ? "Drag on empty time to plan. Drag a block to move it, its edges to change its times; click it for details."
                  : "Click a block for its details."}
            </p>
          )}
        </div>

        {view === "month" ? (
          <MonthView
            scale={scale}
            date={date}
            items={items}
            today={today}
            onOpenDay={(day) => {
              setDate(day);
              setView("day");
            }}
          />
        ) : (
          <Timeline
            scale={scale}
            rows={rows}
            items={items}
            related={related}
            now={now}
            today={today}
            selectedId={selectedId}
            onCreate={(placement) => {
              setNotice(null);
              setDraft({ ...placement, key: Date.now() });
            }}
            onOpen={setSelectedId}
            onChange={move}
            onDragRefusal={setDragRefusal}
            onRefusedDrop={refusedDrop}
          />
        )}
        <Legend view={view} />

        {draft ? (
          <CreateDialog
            key={draft.key}
            draft={draft}
            rows={rows}
            onClose={() => setDraft(null)}
            onSaved={(allocation, warnings) => announce(allocation, warnings, "")}
          />
        ) : null}
        {selected ? (
          <AllocationPanel
            key={selected.id}
            allocation={selected}
            rows={rows}
            now={now ?? 0}
            onClose={() => setSelectedId(null)}
            onDeleted={(label) => setNotice({ tone: "success", text: `Deleted “${label}”.`, warnings: [] })}
          />
        ) : null}
      </div>
    </CalendarProvider>
  );
};

const noticeTone = {
  error: "border-red-200 bg-red-50 text-red-800",
  success: "border-emerald-200 bg-emerald-50 text-emerald-800",
};

/** The outcome of the last change: an alert when refused, a status note otherwise, with any warnings. */
const NoticeBox = ({ notice, onDismiss }: { notice: Notice; onDismiss: () => void }) => (
  <div
    className={cn(
      "flex items-start gap-2 rounded-md border py-1 pr-1 pl-3 text-sm",
      notice.warnings.length > 0 ? "border-amber-200 bg-amber-50 text-amber-900" : noticeTone[notice.tone],
    )}
  >
    <div className="min-w-0 flex-1 py-1">
      <p role={notice.tone === "error" ? "alert" : "status"}>{notice.text}</p>
      {notice.warnings.map((warning) => (
        <p key={warning.code} className="mt-0.5">
          <span className="font-medium">Note: </span>
          {warning.message}
        </p>
      ))}
    </div>
    <Button variant="ghost" size="sm" onClick={onDismiss} aria-label="Dismiss message" className="h-7">
      ✕
    </Button>
  </div>
);

const viewLabels: Record<View, string> = { day: "Day", week: "Week", month: "Month" };

const Toolbar = ({
  view,
  first,
  date,
  hours,
  zone,
  zones,
  showCancelled,
  findOpen,
  loading,
  today,
  onView,
  onDate,
  onHours,
  onZone,
  onShowCancelled,
  onFind,
  onNew,
}: {
  view: View;
  first: string;
  date: string;
  hours: Hours;
  zone: string;
  zones: string[];
  showCancelled: boolean;
  findOpen: boolean;
  loading: boolean;
  today: string | null;
  onView: (view: View) => void;
  onDate: (date: string) => void;
  onHours: (hours: Hours) => void;
  onZone: (zone: string) => void;
  onShowCancelled: (show: boolean) => void;
  onFind: () => void;
  onNew: () => void;
}) => {
  const { canWrite } = useCalendar();
  const label = view === "week" ? weekLabel(first) : view === "month" ? monthLabel(date) : longDateLabel(date);
  const unit = view === "week" ? "week" : view === "month" ? "month" : "day";
  const control = "h-8 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-700 shadow-sm focus:outline-2 focus:-outline-offset-1 focus:outline-indigo-600";
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" size="sm" onClick={() => today && onDate(today)} disabled={!today}>
          Today
        </Button>
        <div className="flex">
          <Button variant="secondary" size="sm" className="rounded-r-none" onClick={() => onDate(stepDate(view, date, -1))} aria-label={`Previous ${unit}`}>
            <span aria-hidden="true">‹</span>
          </Button>
          <Button variant="secondary" size="sm" className="-ml-px rounded-l-none" onClick={() => onDate(stepDate(view, date, 1))} aria-label={`Next ${unit}`}>
            <span aria-hidden="true">›</span>
          </Button>
        </div>
        <h2 className="min-w-0 text-base font-semibold text-slate-900" aria-live="polite">
          {label}
          {loading ? <span className="sr-only"> (loading)</span> : null}
        </h2>
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <div role="group" aria-label="View" className="inline-flex rounded-md shadow-sm">
            {views.map((option, index) => (
              <button
                key={option}
                type="button"
                aria-pressed={view === option}
                onClick={() => onView(option)}
                className={cn(
                  "h-8 px-3 text-sm font-medium ring-1 ring-slate-300 ring-inset focus-visible:z-10 focus-visible:outline-2 focus-visible:outline-indigo-600",
                  index === 0 ? "rounded-l-md" : index === views.length - 1 ? "-ml-px rounded-r-md" : "-ml-px",
                  view === option ? "bg-indigo-50 text-indigo-700 ring-indigo-300" : "bg-white text-slate-700 hover:bg-slate-50",
                )}
              >
                {viewLabels[option]}
              </button>
            ))}
          </div>
          <Button variant={findOpen ? "primary" : "secondary"} size="sm" aria-expanded={findOpen} onClick={onFind}>
            <SearchIcon className="size-4" />
            Find a slot
          </Button>
          {canWrite ? (
            <Button size="sm" onClick={onNew}>
              <PlusIcon className="size-4" />
              New allocation
            </Button>
          ) : null}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-slate-600">
        <label className="flex items-center gap-2">
          Go to
          <input
            type="date"
            value={date}
            onChange={(event) => {
              if (isLocalDate(event.target.value)) onDate(event.target.value);
            }}
            className={control}
          />
        </label>
        {view === "month" ? null : (
          <label className="flex items-center gap-2">
            Hours
            <select value={hours} onChange={(event) => onHours(event.target.value as Hours)} className={control}>
              <option value="working">06:00–24:00</option>
              <option value="full">Whole day</option>
            </select>
          </label>
        )}
        {zones.length > 1 ? (
          <label className="flex items-center gap-2">
            Time zone
            <select value={zone} onChange={(event) => onZone(event.target.value)} className={control}>
              {zones.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <span>
            Times in <span className="font-medium text-slate-800">{zoneLabel(zone, Date.parse(`${first}T12:00:00Z`))}</span>
          </span>
        )}
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={showCancelled} onChange={(event) => onShowCancelled(event.target.checked)} className="size-4 accent-indigo-600" />
          Show cancelled and expired
        </label>
      </div>
    </div>
  );
};

/** What the colours and patterns mean; the month grid draws bookings and holds only. */
const Legend = ({ view }: { view: View }) => {
  const swatch = "inline-block h-3 w-5 rounded-sm border align-middle";
  return (
    <ul aria-label="Legend" className="flex flex-wrap gap-x-5 gap-y-1 text-xs text-slate-600">
      <li>
        <span className={cn(swatch, "border-indigo-700 bg-indigo-600")} /> Confirmed
      </li>
      <li>
        <span
          className={cn(swatch, "border-dashed border-amber-500")}
          style={{ backgroundImage: "repeating-linear-gradient(135deg, rgb(254 243 199) 0 4px, rgb(253 230 138) 4px 8px)" }}
        />{" "}
        Hold (#rank, lapses at)
      </li>
      {view === "month" ? null : (
        <>
          <li>
            <span className={cn(swatch, "border-slate-300")} style={{ backgroundImage: "repeating-linear-gradient(135deg, rgb(100 116 139 / 0.35) 0 3px, transparent 3px 7px)" }} />{" "}
            Buffer, or blocked through a containing or contained space
          </li>
          <li>
            <span className={cn(swatch, "border-slate-200 bg-slate-100")} /> Closed
          </li>
          <li>
            <span className="inline-block h-3 w-0.5 bg-red-500 align-middle" /> Now
          </li>
        </>
      )}
    </ul>
  );
};
