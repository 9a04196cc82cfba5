"use client";

import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { SpaceRow } from "./model";

/** Form pieces the create dialog and the details panel share. */

export const spaceOptions = (rows: SpaceRow[]) =>
  rows
    .filter(({ space }) => space.active)
    .map(({ space, depth }) => ({ value: space.id, label: `${"\u2003".repeat(depth)}${space.name}` }));

export const SpaceSelect = ({
  id,
  rows,
  value,
  onChange,
  error,
  disabled,
}: {
  id: string;
  rows: SpaceRow[];
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
}) => {
  const options = spaceOptions(rows);
  // An allocation of an inactive space keeps it on the list.
  const current = rows.find(({ space }) => space.id === value);
  const all = current && !current.space.active ? [...options, { value, label: `${current.space.name} (inactive)` }] : options;
  return <Select id={id} name="space_id" label="Space" options={all} value={value} onChange={(event) => onChange(event.target.value)} error={error} disabled={disabled} />;
};

/** Start and end as wall-clock times in the space's zone. */
export const WindowFields = ({
  idPrefix,
  zone,
  start,
  end,
  onStart,
  onEnd,
  errors,
  disabled,
}: {
  idPrefix: string;
  zone: string;
  start: string;
  end: string;
  onStart: (value: string) => void;
  onEnd: (value: string) => void;
  errors: Record<string, string>;
  disabled?: boolean;
}) => (
  // Side by side only where both datetimes fit whole (not in the narrow details panel).
  <div className="@container">
    <div className="grid gap-4 @min-[28rem]:grid-cols-2">
      <Input
        id={`${idPrefix}-start`}
        name="start_at"
        type="datetime-local"
        step={900}
        label="Starts"
        hint={zone}
        value={start}
        onChange={(event) => onStart(event.target.value)}
        error={errors.start_at}
        disabled={disabled}
        required
      />
      <Input
        id={`${idPrefix}-end`}
        name="end_at"
        type="datetime-local"
        step={900}
        label="Ends"
        hint={zone}
        value={end}
        onChange={(event) => onEnd(event.target.value)}
        error={errors.end_at}
        disabled={disabled}
        required
      />
    </div>
  </div>
);

export const BufferFields = ({
  idPrefix,
  before,
  after,
  onBefore,
  onAfter,
  errors,
  disabled,
}: {
  idPrefix: string;
  before: string;
  after: string;
  onBefore: (value: string) => void;
  onAfter: (value: string) => void;
  errors: Record<string, string>;
  disabled?: boolean;
}) => (
  <div className="grid gap-4 sm:grid-cols-2">
    <Input
      id={`${idPrefix}-buffer-before`}
      name="buffer_before_min"
      type="number"
      min={0}
      max={1440}
      step={15}
      inputMode="numeric"
      label="Buffer before (minutes)"
      hint="Set-up time that blocks the space too"
      value={before}
      onChange={(event) => onBefore(event.target.value)}
      error={errors.buffer_before_min}
      disabled={disabled}
    />
    <Input
      id={`${idPrefix}-buffer-after`}
      name="buffer_after_min"
      type="number"
      min={0}
      max={1440}
      step={15}
      inputMode="numeric"
      label="Buffer after (minutes)"
      hint="Clear-up time after it ends"
      value={after}
      onChange={(event) => onAfter(event.target.value)}
      error={errors.buffer_after_min}
      disabled={disabled}
    />
  </div>
);

/** A typed number as the service expects it: empty is 0, anything unreadable goes as typed (the schema says why). */
export const minutesValue = (text: string): number | string => {
  if (text.trim() === "") return 0;
  const number = Number(text);
  return Number.isFinite(number) ? number : text;
};
