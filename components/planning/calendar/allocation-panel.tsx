"use client";

import Link from "next/link";
import { SpaceKnowledgePanel } from "@/components/knowledge-base/space-knowledge-panel";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { StatusMessage } from "@/components/ui/status-message";
import { Textarea } from "@/components/ui/textarea";
import type { AllocationWarning } from "@/lib/planning/allocations/present";
import type { CalendarAllocation } from "@/lib/portal/loaders/calendar";
import { useAllocationWrites, useCalendar, type AllocationOutcome } from "./calendar-context";
import { readWindow } from "./create-dialog";
import { EventPicker } from "./event-picker";
import { BufferFields, SpaceSelect, WindowFields, minutesValue } from "./fields";
import { dateTimeLabel, displayStatus, rangeLabel, shortDateLabel, statusLabels, toLocalInput, type DisplayStatus, type SpaceRow } from "./model";

const statusTone: Record<DisplayStatus, "success" | "warning" | "neutral"> = {
  confirmed: "success",
  tentative: "warning",
  cancelled: "neutral",
  expired: "neutral",
};

type Outcome = { tone: "error" | "success"; text: string; warnings: AllocationWarning[] };

/**
 * The details of one allocation in a side panel: its fields to edit, and what can happen to it
 * next (confirm a hold, cancel, restore, delete). Members without planning_manage read it only.
 */
export const AllocationPanel = ({
  allocation,
  rows,
  now,
  onClose,
  onDeleted,
}: {
  allocation: CalendarAllocation;
  rows: SpaceRow[];
  now: number;
  onClose: () => void;
  onDeleted: (label: string) => void;
}) => {
  const { accountId, canWrite, spaceName, eventName, eventHref, zone: calendarZone } = useCalendar();
  const { update, remove } = useAllocationWrites();
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  const zone = rows.find((row) => row.space.id === allocation.space_id)?.space.timezone ?? calendarZone;
  const status = displayStatus(allocation, now);
  const start = Date.parse(allocation.start_at);
  const end = Date.parse(allocation.end_at);
  const event = eventName(allocation.event_id);
  const label = allocation.title ?? event ?? "Untitled";

  const report = (result: AllocationOutcome, success: string) => {
    if (result.ok) setOutcome({ tone: "success", text: success, warnings: result.warnings });
    else setOutcome({ tone: "error", text: result.message, warnings: [] });
    return result;
  };

  const setStatus = async (next: "confirmed" | "tentative" | "cancelled", success: string) => {
    setPending(next);
    report(await update(allocation.id, { status: next }), success);
    setPending(null);
  };

  const destroy = async () => {
    setPending("delete");
    const result = await remove(allocation.id);
    setPending(null);
    if (!result.ok) {
      setOutcome({ tone: "error", text: result.message, warnings: [] });
      setConfirmDelete(false);
      return;
    }
    onDeleted(label);
    dialog.current?.close();
  };

  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      className="m-0 ml-auto h-dvh max-h-none w-full max-w-md bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/20"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-start justify-between gap-3 border-b border-slate-200 px-5 py-4">
          <div className="min-w-0">
            <h2 id={`${id}-title`} className="truncate text-base font-semibold">
              {label}
            </h2>
            <p className="mt-0.5 text-sm text-slate-500">
              {spaceName(allocation.space_id)} · {shortDateLabel(start, zone)} {rangeLabel(start, end, zone)}
            </p>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <Badge tone={statusTone[status]}>{statusLabels[status]}</Badge>
              {status === "tentative" && allocation.sequence !== null ? <Badge tone="warning">Option #{allocation.sequence}</Badge> : null}
              {status === "tentative" && allocation.expires_at ? (
                <span className="text-xs text-slate-500">Lapses {dateTimeLabel(Date.parse(allocation.expires_at), zone)}</span>
              ) : null}
            </div>
          </div>
          <Button variant="ghost" size="sm" onClick={() => dialog.current?.close()} aria-label="Close details">
            ✕
          </Button>
        </div>

        <div className="flex-1 space-y-5 overflow-y-auto px-5 py-4">
          {outcome ? (
            <div className="space-y-2">
              <StatusMessage tone={outcome.tone}>{outcome.text}</StatusMessage>
              {outcome.warnings.map((warning) => (
                <p key={warning.code} role="status" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
                  {warning.message}
                </p>
              ))}
            </div>
          ) : null}

          {allocation.event_id ? (
            <p className="text-sm">
              <span className="text-slate-500">Event: </span>
              <Link href={eventHref(allocation.event_id)} className="font-medium text-indigo-700 hover:underline">
                {event ?? "Open the event"}
              </Link>
            </p>
          ) : null}

          <DetailsForm
            key={`${allocation.id}-${allocation.updated_at}`}
            allocation={allocation}
            rows={rows}
            zone={zone}
            readOnly={!canWrite}
            onSave={async (input) => report(await update(allocation.id, input), "Changes saved.")}
          />

          <SpaceKnowledgePanel accountId={accountId} spaceId={allocation.space_id} name={spaceName(allocation.space_id)} headingId={`${id}-space`} />

          {canWrite ? (
            <section aria-labelledby={`${id}-status`} className="space-y-3 border-t border-slate-200 pt-4">
              <h3 id={`${id}-status`} className="text-sm font-semibold text-slate-900">
                Status
              </h3>
              <div className="flex flex-wrap gap-2">
                {status === "tentative" ? (
                  <Button size="sm" disabled={pending !== null} onClick={() => setStatus("confirmed", "Booking confirmed.")}>
                    {pending === "confirmed" ? "Confirming…" : "Confirm"}
                  </Button>
                ) : null}
                {status === "confirmed" ? (
                  <Button size="sm" variant="secondary" disabled={pending !== null} onClick={() => setStatus("tentative", "Turned back into a hold.")}>
                    {pending === "tentative" ? "Saving…" : "Make it a hold"}
                  </Button>
                ) : null}
                {status === "cancelled" || status === "expired" ? (
                  <Button size="sm" variant="secondary" disabled={pending !== null} onClick={() => setStatus("tentative", "Held again.")}>
                    {pending === "tentative" ? "Saving…" : "Hold again"}
                  </Button>
                ) : null}
                {status === "confirmed" || status === "tentative" ? (
                  <Button size="sm" variant="secondary" disabled={pending !== null} onClick={() => setStatus("cancelled", "Cancelled; the time is free again.")}>
                    {pending === "cancelled" ? "Cancelling…" : "Cancel allocation"}
                  </Button>
                ) : null}
                {!confirmDelete ? (
                  <Button size="sm" variant="ghost" className="text-red-700 hover:bg-red-50 hover:text-red-800" disabled={pending !== null} onClick={() => setConfirmDelete(true)}>
                    Delete
                  </Button>
                ) : null}
              </div>
              {confirmDelete ? (
                <div role="group" aria-label="Confirm deletion" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
                  <p>Delete “{label}” for good? Cancelling keeps a record; deleting does not.</p>
                  <div className="mt-2 flex gap-2">
                    <Button size="sm" variant="danger" disabled={pending !== null} onClick={destroy}>
                      {pending === "delete" ? "Deleting…" : "Delete allocation"}
                    </Button>
                    <Button size="sm" variant="secondary" onClick={() => setConfirmDelete(false)}>
                      Keep it
                    </Button>
                  </div>
                </div>
              ) : null}
            </section>
          ) : (
            <p className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-600">
              You can look at the plan; changing it needs the planning permission.
            </p>
          )}
        </div>
      </div>
    </dialog>
  );
};

const DetailsForm = ({
  allocation,
  rows,
  zone: initialZone,
  readOnly,
  onSave,
}: {
  allocation: CalendarAllocation;
  rows: SpaceRow[];
  zone: string;
  readOnly: boolean;
  onSave: (input: Record<string, unknown>) => Promise<AllocationOutcome>;
}) => {
  const { eventName } = useCalendar();
  const id = useId();
  const [title, setTitle] = useState(allocation.title ?? "");
  const [description, setDescription] = useState(allocation.description ?? "");
  const [spaceId, setSpaceId] = useState(allocation.space_id);
  const zone = rows.find((row) => row.space.id === spaceId)?.space.timezone ?? initialZone;
  const [start, setStart] = useState(() => toLocalInput(Date.parse(allocation.start_at), initialZone));
  const [end, setEnd] = useState(() => toLocalInput(Date.parse(allocation.end_at), initialZone));
  const [before, setBefore] = useState(String(allocation.buffer_before_min));
  const [after, setAfter] = useState(String(allocation.buffer_after_min));
  const [eventId, setEventId] = useState(allocation.event_id ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = readWindow(start, end, zone);
    if (typed.startMs === null || typed.endMs === null) {
      setErrors(typed.errors);
      return;
    }
    setPending(true);
    const result = await onSave({
      title: title.trim() === "" ? null : title,
      description: description.trim() === "" ? null : description,
      space_id: spaceId,
      start_at: new Date(typed.startMs).toISOString(),
      end_at: new Date(typed.endMs).toISOString(),
      buffer_before_min: minutesValue(before),
      buffer_after_min: minutesValue(after),
      event_id: eventId === "" ? null : eventId,
    });
    setPending(false);
    setErrors(result.ok ? {} : result.errors);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Allocation details">
      <Input id={`${id}-title`} name="title" label="Title" value={title} onChange={(e) => setTitle(e.target.value)} error={errors.title} readOnly={readOnly} />
      <Textarea
        id={`${id}-description`}
        name="description"
        label="Description"
        rows={3}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        error={errors.description}
        readOnly={readOnly}
      />
      <SpaceSelect id={`${id}-space`} rows={rows} value={spaceId} onChange={setSpaceId} error={errors.space_id} disabled={readOnly} />
      <WindowFields idPrefix={id} zone={zone} start={start} end={end} onStart={setStart} onEnd={setEnd} errors={errors} disabled={readOnly} />
      <BufferFields idPrefix={id} before={before} after={after} onBefore={setBefore} onAfter={setAfter} errors={errors} disabled={readOnly} />
      <EventPicker idPrefix={id} value={eventId} onChange={setEventId} currentName={eventName(allocation.event_id)} error={errors.event_id} disabled={readOnly} />
      {readOnly ? null : (
        <div className="flex justify-end">
          <Button type="submit" disabled={pending} aria-disabled={pending}>
            {pending ? "Saving…" : "Save changes"}
          </Button>
        </div>
      )}
    </form>
  );
};
