"use client";

import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Input } from "@/components/ui/input";
import { StatusMessage } from "@/components/ui/status-message";
import type { AllocationWarning } from "@/lib/planning/allocations/present";
import type { CalendarAllocation } from "@/lib/portal/loaders/calendar";
import { useAllocationWrites, useCalendar } from "./calendar-context";
import { EventPicker } from "./event-picker";
import { BufferFields, SpaceSelect, WindowFields, minutesValue } from "./fields";
import { fromLocalInput, toLocalInput, type SpaceRow } from "./model";
import type { Placement } from "./timeline";

type Status = "tentative" | "confirmed";

/** Reads the window typed in a space's zone; a missing or impossible time is a field error. */
export const readWindow = (start: string, end: string, zone: string) => {
  const errors: Record<string, string> = {};
  const startMs = fromLocalInput(start, zone);
  const endMs = fromLocalInput(end, zone);
  if (startMs === null) errors.start_at = start ? `Is not a time that exists in ${zone}` : "Is required";
  if (endMs === null) errors.end_at = end ? `Is not a time that exists in ${zone}` : "Is required";
  return { startMs, endMs, errors };
};

/**
 * The small form a drag on empty time opens: what to call it, hold or booking, buffers and the
 * event. The server's refusal (a booking in the way, a hold limit, a bad field) shows here and
 * the dialog stays open so the planner can adjust.
 */
export const CreateDialog = ({
  draft,
  rows,
  onClose,
  onSaved,
}: {
  draft: Placement;
  rows: SpaceRow[];
  onClose: () => void;
  onSaved: (allocation: CalendarAllocation, warnings: AllocationWarning[]) => void;
}) => {
  const { zone: calendarZone } = useCalendar();
  const { create } = useAllocationWrites();
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [spaceId, setSpaceId] = useState(draft.spaceId);
  const zoneOf = (space: string) => rows.find((row) => row.space.id === space)?.space.timezone ?? calendarZone;
  const zone = zoneOf(spaceId);
  const [start, setStart] = useState(() => toLocalInput(draft.start, zoneOf(draft.spaceId)));
  const [end, setEnd] = useState(() => toLocalInput(draft.end, zoneOf(draft.spaceId)));
  const [title, setTitle] = useState("");
  const [status, setStatus] = useState<Status>("tentative");
  const [before, setBefore] = useState("0");
  const [after, setAfter] = useState("0");
  const [eventId, setEventId] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = readWindow(start, end, zone);
    if (typed.startMs === null || typed.endMs === null) {
      setErrors(typed.errors);
      setMessage("Please correct the highlighted fields.");
      return;
    }
    setPending(true);
    const result = await create({
      space_id: spaceId,
      start_at: new Date(typed.startMs).toISOString(),
      end_at: new Date(typed.endMs).toISOString(),
      title: title.trim() === "" ? null : title,
      status,
      buffer_before_min: minutesValue(before),
      buffer_after_min: minutesValue(after),
      event_id: eventId === "" ? null : eventId,
    });
    setPending(false);
    if (!result.ok) {
      setErrors(result.errors);
      setMessage(result.message);
      return;
    }
    onSaved(result.allocation, result.warnings);
    dialog.current?.close();
  };

  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-lg bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/30"
    >
      <form onSubmit={submit} noValidate className="space-y-4 p-6">
        <h2 id={`${id}-title`} className="text-base font-semibold">
          New allocation
        </h2>
        {message ? <StatusMessage tone="error">{message}</StatusMessage> : null}
        <Input
          id={`${id}-name`}
          name="title"
          label="Title"
          placeholder="e.g. Wedding dinner"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          error={errors.title}
          autoFocus
        />
        <SpaceSelect id={`${id}-space`} rows={rows} value={spaceId} onChange={setSpaceId} error={errors.space_id} />
        <WindowFields idPrefix={id} zone={zone} start={start} end={end} onStart={setStart} onEnd={setEnd} errors={errors} />
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Status</legend>
          <div className="mt-1.5 inline-flex rounded-md shadow-sm ring-1 ring-slate-300 ring-inset">
            {(
              [
                { value: "tentative", label: "Hold", hint: "Keeps the option open; others may hold it too" },
                { value: "confirmed", label: "Confirmed", hint: "Books the space; nothing else may overlap" },
              ] as const
            ).map((option, index) => (
              <label
                key={option.value}
                title={option.hint}
                className={cn(
                  "flex cursor-pointer items-center gap-2 px-3 py-1.5 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600",
                  index === 0 ? "rounded-l-md" : "rounded-r-md border-l border-slate-300",
                  status === option.value ? "bg-indigo-50 text-indigo-700" : "bg-white text-slate-700 hover:bg-slate-50",
                )}
              >
                <input
                  type="radio"
                  name="status"
                  value={option.value}
                  checked={status === option.value}
                  onChange={() => setStatus(option.value)}
                  className="accent-indigo-600"
                />
                {option.label}
              </label>
            ))}
          </div>
          <p className="mt-1 text-xs text-slate-500">
            {status === "tentative" ? "A hold keeps the option open; others may hold the same time." : "A confirmed booking blocks the space and the spaces around it."}
          </p>
          {errors.status ? <p className="mt-1 text-sm text-red-700">{errors.status}</p> : null}
        </fieldset>
        <BufferFields idPrefix={id} before={before} after={after} onBefore={setBefore} onAfter={setAfter} errors={errors} />
        <EventPicker idPrefix={id} value={eventId} onChange={setEventId} error={errors.event_id} />
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={() => dialog.current?.close()}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending} aria-disabled={pending}>
            {pending ? "Saving…" : status === "tentative" ? "Place hold" : "Book"}
          </Button>
        </div>
      </form>
    </dialog>
  );
};
