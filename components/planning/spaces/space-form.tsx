"use client";

import { usePortalForm } from "@/components/ui/use-portal-form";
import { useState } from "react";
import { FormActions } from "@/components/settings/form-actions";
import { FormMessage } from "@/components/settings/form-message";
import { Card } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { controlClass } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import type { SpaceChoice } from "@/lib/planning/spaces/tree";
import { valueOf, type FormAction, type FormState } from "@/lib/portal/form-state";
import { capacityFields, rootOf, selfAndDescendants, weekdayLabels, weekdays, type Capacities, type Schedule, type Weekday } from "./space-display";

export type SpaceFormValues = Capacities & {
  name: string;
  description: string | null;
  parent_id: string | null;
  venue_id: string | null;
  position: number;
  active: boolean;
  square_meters: number | null;
  working_hours_enabled: boolean;
  timezone: string;
  schedule: Schedule;
  available_from: string | null;
  available_until: string | null;
  out_of_office_message: string | null;
  max_tentative_allocations: number | null;
  tentative_expiry_minutes: number | null;
};

type DayRow = { open: string; close: string; closed: boolean };

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? "" : String(value));

/** After a failed submit the ticks are what was sent; otherwise what is stored. */
const ticked = (state: FormState, name: string, stored: boolean) => (state.values ? state.values[name] === "on" : stored);

/** A new space starts open on weekdays during office hours; a stored one shows its own hours. */
const initialRows = (space: SpaceFormValues | undefined): Record<Weekday, DayRow> =>
  Object.fromEntries(
    weekdays.map((day) => {
      const hours = space?.schedule[day];
      if (hours) return [day, { open: hours.open, close: hours.close, closed: false }];
      if (space) return [day, { open: "", close: "", closed: true }];
      const weekend = day === "saturday" || day === "sunday";
      return [day, weekend ? { open: "", close: "", closed: true } : { open: "09:00", close: "17:00", closed: false }];
    }),
  ) as Record<Weekday, DayRow>;

const ScheduleEditor = ({
  rows,
  onChange,
  errors,
}: {
  rows: Record<Weekday, DayRow>;
  onChange: (day: Weekday, row: DayRow) => void;
  errors: Record<string, string>;
}) => (
  <div className="space-y-2" role="group" aria-labelledby="schedule-heading">
    {/* Says the rows below are the schedule: without the editor, the stored schedule stays as it is. */}
    <input type="hidden" name="schedule" value="on" />
    <h3 id="schedule-heading" className="text-sm font-medium text-slate-800">
      Opening hours
    </h3>
    <div
      aria-hidden="true"
      className="grid grid-cols-[3rem_minmax(0,1fr)_minmax(0,1fr)_4.5rem] gap-x-2 text-xs font-semibold tracking-wide text-slate-500 uppercase sm:grid-cols-[8rem_7rem_7rem_5rem] sm:gap-x-3"
    >
      <span>Day</span>
      <span>Opens</span>
      <span>Closes</span>
      <span />
    </div>
    {weekdays.map((day) => {
      const row = rows[day];
      const label = weekdayLabels[day];
      const error = errors[`schedule.${day}.open`] ?? errors[`schedule.${day}.close`];
      const errorId = `schedule-${day}-error`;
      const time = (edge: "open" | "close") => (
        <input
          id={`schedule-${day}-${edge}`}
          name={`schedule.${day}.${edge}`}
          aria-label={`${label} ${edge === "open" ? "opens" : "closes"}`}
          aria-invalid={errors[`schedule.${day}.${edge}`] ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          value={row[edge]}
          disabled={row.closed}
          onChange={(event) => onChange(day, { ...row, [edge]: event.target.value })}
          placeholder={edge === "open" ? "09:00" : "17:00"}
          autoComplete="off"
          spellCheck={false}
          maxLength={5}
          className={controlClass(Boolean(errors[`schedule.${day}.${edge}`]), "h-9 py-1 font-mono tabular-nums disabled:opacity-50")}
        />
      );
      return (
        <div
          key={day}
          className="grid grid-cols-[3rem_minmax(0,1fr)_minmax(0,1fr)_4.5rem] items-center gap-x-2 gap-y-1 sm:grid-cols-[8rem_7rem_7rem_5rem] sm:gap-x-3"
        >
          <span className="text-sm font-medium text-slate-700">
            <span className="sm:hidden" aria-hidden="true">
              {label.slice(0, 3)}
            </span>
            <span className="max-sm:sr-only">{label}</span>
          </span>
          {time("open")}
          {time("close")}
          <label className="flex items-center gap-2 text-sm text-slate-600">
            <input
              type="checkbox"
              name={`schedule.${day}.closed`}
              aria-label={`${label} closed`}
              checked={row.closed}
              onChange={(event) => {
                const closed = event.target.checked;
                // Reopening an empty day offers office hours to start from.
                const empty = row.open === "" && row.close === "";
                onChange(day, closed || !empty ? { ...row, closed } : { open: "09:00", close: "17:00", closed });
              }}
              className="size-4 rounded border-slate-300 accent-indigo-600"
            />
            <span aria-hidden="true">Closed</span>
          </label>
          {error ? (
            <p id={errorId} className="col-span-4 text-sm text-red-700 sm:col-span-3 sm:col-start-2">
              {label}: {error.charAt(0).toLowerCase() + error.slice(1)}
            </p>
          ) : null}
        </div>
      );
    })}
    <p className="text-xs text-slate-500">Times are HH:MM in the space&apos;s time zone; a day may close at 24:00.</p>
  </div>
);

export const SpaceForm = ({
  action,
  space,
  spaceId,
  parentId,
  spaces,
  timeZones,
  defaultTimeZone,
  submitLabel,
  cancelHref,
}: {
  action: FormAction;
  space?: SpaceFormValues;
  /** The space being edited: it and its descendants cannot be its parent. */
  spaceId?: string;
  /** The container a new space starts inside. */
  parentId?: string;
  spaces: SpaceChoice[];
  timeZones: string[];
  defaultTimeZone: string;
  submitLabel: string;
  cancelHref: string;
}) => {
  const [state, formAction] = usePortalForm(action);
  const [parent, setParent] = useState(valueOf(state, "parent_id", space ? space.parent_id : parentId));
  const [venue, setVenue] = useState(valueOf(state, "venue_id", space ? space.venue_id : parentId && rootOf(spaces, parentId)));
  const [hoursOn, setHoursOn] = useState(space?.working_hours_enabled ?? false);
  const [rows, setRows] = useState(() => initialRows(space));

  const excluded = spaceId ? selfAndDescendants(spaces, spaceId) : new Set<string>();
  const indent = (depth: number) => "\u2003".repeat(depth);
  const parentOptions = [
    { value: "", label: "None (top level)" },
    ...spaces.filter((choice) => !excluded.has(choice.id)).map((choice) => ({ value: choice.id, label: `${indent(choice.depth)}${choice.name}` })),
  ];
  // Venues are top-level spaces; a stored venue that is not one stays choosable.
  const venueOptions = [
    { value: "", label: "None" },
    ...spaces
      .filter((choice) => choice.id !== spaceId && (choice.parent_id === null || choice.id === venue))
      .map((choice) => ({ value: choice.id, label: choice.name })),
  ];
  const choose = (value: string) => {
    setParent(value);
    // A space inside another belongs to that one's venue; a top-level space is its own.
    setVenue(value ? rootOf(spaces, value) : "");
  };
  const number = (name: keyof SpaceFormValues) => valueOf(state, name, text(space?.[name] as number | null | undefined));

  return (
    <form action={formAction} noValidate className="space-y-6">
      <FormMessage state={state} />

      <Card title="Details">
        <div className="grid gap-5 sm:grid-cols-2">
          <Input
            label="Name"
            name="name"
            required
            autoComplete="off"
            defaultValue={valueOf(state, "name", space?.name)}
            error={state.errors.name}
            className="sm:col-span-2"
          />
          <Textarea
            label="Description"
            name="description"
            rows={2}
            defaultValue={valueOf(state, "description", space?.description)}
            error={state.errors.description}
            className="sm:col-span-2"
          />
          <Select
            label="Inside"
            name="parent_id"
            options={parentOptions}
            value={parent}
            onChange={(event) => choose(event.target.value)}
            error={state.errors.parent_id}
            hint="The space that contains this one: booking either blocks the other."
          />
          <Select
            label="Venue"
            name="venue_id"
            options={venueOptions}
            value={venue}
            onChange={(event) => setVenue(event.target.value)}
            error={state.errors.venue_id}
            hint="The top-level venue it belongs to."
          />
          <Input
            label="Position"
            name="position"
            type="number"
            inputMode="numeric"
            step={1}
            defaultValue={valueOf(state, "position", text(space?.position ?? 0))}
            error={state.errors.position}
            hint="Lists and the calendar order spaces by position, then name."
          />
          <div className="sm:pt-7">
            <Checkbox
              key={`active-${ticked(state, "active", space?.active ?? true)}`}
              label="Active"
              name="active"
              defaultChecked={ticked(state, "active", space?.active ?? true)}
              hint="Inactive spaces stay on record but are not offered for new bookings."
            />
          </div>
        </div>
      </Card>

      <Card title="Capacity" description="Guests per layout; leave a layout empty when the space is not set up that way.">
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
          {capacityFields.map((field) => (
            <Input
              key={field.name}
              label={field.label}
              name={field.name}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              defaultValue={number(field.name)}
              error={state.errors[field.name]}
            />
          ))}
          <Input
            label="Square metres"
            name="square_meters"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            defaultValue={number("square_meters")}
            error={state.errors.square_meters}
          />
        </div>
      </Card>

      <Card title="Working hours" description="When the space can be booked, in its own time zone.">
        <div className="space-y-5">
          <Input
            label="Time zone"
            name="timezone"
            list="space-time-zones"
            autoComplete="off"
            spellCheck={false}
            defaultValue={valueOf(state, "timezone", space?.timezone ?? defaultTimeZone)}
            error={state.errors.timezone}
            hint="Type to search, e.g. Europe/Amsterdam. Bookings and opening hours are shown in this zone."
            className="max-w-sm"
          />
          <datalist id="space-time-zones">
            {timeZones.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
          <Checkbox
            label="Limit bookings to opening hours"
            name="working_hours_enabled"
            checked={hoursOn}
            onChange={(event) => setHoursOn(event.target.checked)}
            hint={hoursOn ? "Bookings must fall within these hours." : "Off: the space can be booked at any time of day."}
          />
          {hoursOn ? (
            <ScheduleEditor rows={rows} onChange={(day, row) => setRows((current) => ({ ...current, [day]: row }))} errors={state.errors} />
          ) : null}
          {state.errors.schedule ? <p className="text-sm text-red-700">{state.errors.schedule}</p> : null}
        </div>
      </Card>

      <Card title="Holds and availability" description="How long options last, and the dates the space can be booked at all.">
        <div className="grid gap-5 sm:grid-cols-2">
          <Input
            label="Competing holds"
            name="max_tentative_allocations"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            defaultValue={number("max_tentative_allocations")}
            error={state.errors.max_tentative_allocations}
            hint="Holds that may overlap at once. Empty: no limit."
          />
          <Input
            label="Hold expiry (minutes)"
            name="tentative_expiry_minutes"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            defaultValue={number("tentative_expiry_minutes")}
            error={state.errors.tentative_expiry_minutes}
            hint="A hold lapses this long after it is made unless confirmed (10080 is a week). Empty: never."
          />
          <Input
            label="Available from"
            name="available_from"
            type="date"
            defaultValue={valueOf(state, "available_from", space?.available_from)}
            error={state.errors.available_from}
            hint="Empty: no first date."
          />
          <Input
            label="Available until"
            name="available_until"
            type="date"
            defaultValue={valueOf(state, "available_until", space?.available_until)}
            error={state.errors.available_until}
            hint="Empty: no last date."
          />
          <Textarea
            label="Out-of-office message"
            name="out_of_office_message"
            rows={2}
            defaultValue={valueOf(state, "out_of_office_message", space?.out_of_office_message)}
            error={state.errors.out_of_office_message}
            hint="What planners and guests are told when the space is unavailable."
            className="sm:col-span-2"
          />
        </div>
      </Card>

      <FormActions submitLabel={submitLabel} cancelHref={cancelHref} />
    </form>
  );
};
