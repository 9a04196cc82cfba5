"use client";

import { useId, useState, type FormEvent } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { StatusMessage } from "@/components/ui/status-message";
import type { AllocationWarning } from "@/lib/planning/allocations/present";
import { addDays } from "@/lib/planning/time";
import { findSlotsAction } from "@/lib/portal/actions/calendar";
import type { CalendarAllocation } from "@/lib/portal/loaders/calendar";
import { attempt } from "@/lib/portal/outcome";
import { useAllocationWrites, useCalendar } from "./calendar-context";
import { EventPicker } from "./event-picker";
import { minutesValue } from "./fields";
import { rangeLabel, shortDateLabel, type SpaceRow } from "./model";

type SlotOutcome = Awaited<ReturnType<typeof findSlotsAction>>;
type Slot = Extract<SlotOutcome, { ok: true }>["slots"][number];
/** The search as typed: a number field that holds no number goes as text, for the schema to name. */
type SlotSearch = Parameters<typeof findSlotsAction>[1];
const MAX_RESULTS = 50;

const intervals = [
  { value: "15", label: "Every 15 minutes" },
  { value: "30", label: "Every 30 minutes" },
  { value: "60", label: "Every hour" },
  { value: "120", label: "Every 2 hours" },
];

/** Hours as typed ("2", "1.5") to whole minutes; anything else goes as typed for the schema to name. */
const durationMinutes = (text: string): number | string => {
  const hours = Number(text);
  return text.trim() !== "" && Number.isFinite(hours) ? Math.round(hours * 60) : text;
};

/**
 * "Find a slot": the planner says how long, between which dates and daily hours, for how many
 * people and in which spaces; the server answers windows no booking is in the way of (working
 * hours, capacity and buffers included), earliest first. "Place hold" holds one at once and the
 * calendar shows its day.
 */
export const FindSlotPanel = ({
  rows,
  firstDate,
  onPlaced,
  onClose,
}: {
  rows: SpaceRow[];
  firstDate: string;
  onPlaced: (allocation: CalendarAllocation, warnings: AllocationWarning[]) => void;
  onClose: () => void;
}) => {
  const { accountId, canWrite, zone, spaceName } = useCalendar();
  const { create } = useAllocationWrites();
  const id = useId();
  const bookable = rows.filter((row) => row.space.active);
  const [duration, setDuration] = useState("2");
  const [fromDate, setFromDate] = useState(firstDate);
  const [untilDate, setUntilDate] = useState(addDays(firstDate, 13));
  const [fromTime, setFromTime] = useState("08:00");
  const [untilTime, setUntilTime] = useState("23:00");
  const [attendees, setAttendees] = useState("");
  const [step, setStep] = useState("30");
  const [before, setBefore] = useState("0");
  const [after, setAfter] = useState("0");
  const [title, setTitle] = useState("");
  const [eventId, setEventId] = useState("");
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(bookable.map((row) => row.space.id)));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [slots, setSlots] = useState<Slot[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [placing, setPlacing] = useState<string | null>(null);
  const [placed, setPlaced] = useState<Set<string>>(new Set());
  const [placeError, setPlaceError] = useState<string | null>(null);

  const zoneOf = (spaceId: string) => rows.find((row) => row.space.id === spaceId)?.space.timezone ?? zone;
  const slotKey = (slot: Slot) => `${slot.space_id}|${slot.start_at}`;

  const search = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (chosen.size === 0) {
      setErrors({ space_ids: "Choose at least one space" });
      setMessage("Please correct the highlighted fields.");
      return;
    }
    setSearching(true);
    setPlaceError(null);
    const request: Record<string, unknown> = {
      duration_minutes: durationMinutes(duration),
      start_date: fromDate,
      end_date: untilDate,
      start_time: fromTime,
      // A daily window may end at midnight: the time input writes that as 00:00.
      end_time: untilTime === "00:00" ? "24:00" : untilTime,
      space_ids: bookable.filter((row) => chosen.has(row.space.id)).map((row) => row.space.id),
      attendees_count: attendees.trim() === "" ? null : minutesValue(attendees),
      interval_minutes: Number(step),
      buffer_before_min: minutesValue(before),
      buffer_after_min: minutesValue(after),
      max_results: MAX_RESULTS,
    };
    const result = await attempt(() => findSlotsAction(accountId, request as SlotSearch));
    setSearching(false);
    if (!result.ok) {
      setErrors(result.errors);
      setMessage(result.message);
      setSlots(null);
      return;
    }
    setErrors({});
    setMessage(null);
    setPlaced(new Set());
    setSlots(result.slots);
  };

  const place = async (slot: Slot) => {
    const key = slotKey(slot);
    setPlacing(key);
    setPlaceError(null);
    const result = await create({
      space_id: slot.space_id,
      start_at: slot.start_at,
      end_at: slot.end_at,
      status: "tentative",
      title: title.trim() === "" ? null : title,
      buffer_before_min: minutesValue(before),
      buffer_after_min: minutesValue(after),
      event_id: eventId === "" ? null : eventId,
    });
    setPlacing(null);
    if (!result.ok) {
      setPlaceError(result.message);
      return;
    }
    setPlaced((current) => new Set(current).add(key));
    onPlaced(result.allocation, result.warnings);
  };

  const toggle = (spaceId: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(spaceId)) next.delete(spaceId);
      else next.add(spaceId);
      return next;
    });

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-5 py-3">
        <div>
          <h2 id={`${id}-heading`} className="text-base font-semibold text-slate-900">
            Find a slot
          </h2>
          <p className="text-sm text-slate-500">Free windows, in each space&apos;s working hours, that no booking is in the way of.</p>
        </div>
        <Button variant="ghost" size="sm" onClick={onClose} aria-label="Close find a slot">
          ✕
        </Button>
      </div>
      <form onSubmit={search} noValidate className="space-y-4 px-5 py-4" aria-label="Slot search">
        {message ? <StatusMessage tone="error">{message}</StatusMessage> : null}
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Input
            id={`${id}-duration`}
            name="duration_minutes"
            type="number"
            min={0.25}
            step={0.25}
            label="Duration (hours)"
            value={duration}
            onChange={(e) => setDuration(e.target.value)}
            error={errors.duration_minutes}
            required
          />
          <Input id={`${id}-from`} name="start_date" type="date" label="From date" value={fromDate} onChange={(e) => setFromDate(e.target.value)} error={errors.start_date} required />
          <Input id={`${id}-until`} name="end_date" type="date" label="Until date" value={untilDate} onChange={(e) => setUntilDate(e.target.value)} error={errors.end_date} required />
          <Input
            id={`${id}-attendees`}
            name="attendees_count"
            type="number"
            min={1}
            label="Attendees"
            hint="Spaces too small are left out"
            value={attendees}
            onChange={(e) => setAttendees(e.target.value)}
            error={errors.attendees_count}
          />
          <Input
            id={`${id}-day-start`}
            name="start_time"
            type="time"
            step={900}
            label="Daily from"
            hint="In each space's time zone"
            value={fromTime}
            onChange={(e) => setFromTime(e.target.value)}
            error={errors.start_time}
          />
          <Input
            id={`${id}-day-end`}
            name="end_time"
            type="time"
            step={900}
            label="Daily until"
            hint="00:00 means midnight"
            value={untilTime}
            onChange={(e) => setUntilTime(e.target.value)}
            error={errors.end_time}
          />
          <Select
            id={`${id}-interval`}
            name="interval_minutes"
            label="Start times"
            options={intervals}
            value={step}
            onChange={(e) => setStep(e.target.value)}
            error={errors.interval_minutes}
          />
          <div className="grid grid-cols-2 gap-2">
            <Input
              id={`${id}-before`}
              name="buffer_before_min"
              type="number"
              min={0}
              step={15}
              label="Buffer before"
              hint="Minutes"
              value={before}
              onChange={(e) => setBefore(e.target.value)}
              error={errors.buffer_before_min}
            />
            <Input
              id={`${id}-after`}
              name="buffer_after_min"
              type="number"
              min={0}
              step={15}
              label="Buffer after"
              hint="Minutes"
              value={after}
              onChange={(e) => setAfter(e.target.value)}
              error={errors.buffer_after_min}
            />
          </div>
        </div>

        <fieldset aria-describedby={errors.space_ids ? `${id}-spaces-error` : undefined}>
          <legend className="text-sm font-medium text-slate-800">Spaces</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {bookable.map(({ space }) => (
              <label
                key={space.id}
                className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-200 px-2.5 py-1.5 text-sm text-slate-700 has-[:checked]:border-indigo-300 has-[:checked]:bg-indigo-50 has-[:checked]:text-indigo-800"
              >
                <input type="checkbox" checked={chosen.has(space.id)} onChange={() => toggle(space.id)} className="size-4 accent-indigo-600" />
                {space.name}
              </label>
            ))}
            <span className="flex items-center gap-3 px-1 text-xs">
              <button type="button" className="font-medium text-indigo-700 hover:underline" onClick={() => setChosen(new Set(bookable.map((row) => row.space.id)))}>
                Select all
              </button>
              <button type="button" className="font-medium text-indigo-700 hover:underline" onClick={() => setChosen(new Set())}>
                Clear
              </button>
            </span>
          </div>
          {errors.space_ids ? (
            <p id={`${id}-spaces-error`} className="mt-1 text-sm text-red-700">
              {errors.space_ids}
            </p>
          ) : null}
        </fieldset>

        {canWrite ? (
          <div className="grid gap-4 border-t border-slate-100 pt-4 sm:grid-cols-2">
            <Input id={`${id}-hold-title`} name="title" label="Hold title" placeholder="e.g. Option for the Smith wedding" value={title} onChange={(e) => setTitle(e.target.value)} />
            <EventPicker idPrefix={`${id}-hold`} value={eventId} onChange={setEventId} />
          </div>
        ) : null}

        <div className="flex justify-end">
          <Button type="submit" disabled={searching} aria-disabled={searching}>
            {searching ? "Searching…" : "Search"}
          </Button>
        </div>
      </form>

      {slots ? (
        <div className="border-t border-slate-200 px-5 py-4">
          <p role="status" className="text-sm font-medium text-slate-700">
            {slots.length === 0
              ? "No slot fits. Try more dates, a wider daily window or other spaces."
              : slots.length >= MAX_RESULTS
                ? `The first ${slots.length} slots`
                : `${slots.length} slot${slots.length === 1 ? "" : "s"} found`}
          </p>
          {placeError ? (
            <StatusMessage tone="error" className="mt-2">
              {placeError}
            </StatusMessage>
          ) : null}
          {slots.length > 0 ? (
            <ol aria-label="Available slots" className="mt-3 max-h-80 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200">
              {slots.map((slot) => {
                const key = slotKey(slot);
                const slotZone = zoneOf(slot.space_id);
                const start = Date.parse(slot.start_at);
                const end = Date.parse(slot.end_at);
                const when = `${shortDateLabel(start, slotZone)}, ${rangeLabel(start, end, slotZone)}`;
                return (
                  <li key={key} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2 text-sm">
                    <span className="w-40 truncate font-medium text-slate-900">{spaceName(slot.space_id)}</span>
                    <span className="text-slate-700 tabular-nums">
                      {when}
                      {slotZone !== zone ? <span className="text-slate-500"> ({slotZone})</span> : null}
                    </span>
                    {slot.tentative_overlaps > 0 ? (
                      <Badge tone="warning">
                        {slot.tentative_overlaps === 1 ? "1 hold overlaps" : `${slot.tentative_overlaps} holds overlap`}
                      </Badge>
                    ) : (
                      <Badge tone="success">No holds</Badge>
                    )}
                    {canWrite ? (
                      <span className="ml-auto">
                        {placed.has(key) ? (
                          <span className="text-sm font-medium text-emerald-700">Hold placed</span>
                        ) : (
                          <Button
                            size="sm"
                            variant="secondary"
                            disabled={placing !== null}
                            aria-label={`Place hold on ${spaceName(slot.space_id)}, ${when}`}
                            onClick={() => place(slot)}
                          >
                            {placing === key ? "Placing…" : "Place hold"}
                          </Button>
                        )}
                      </span>
                    ) : null}
                  </li>
                );
              })}
            </ol>
          ) : null}
        </div>
      ) : null}
    </section>
  );
};
