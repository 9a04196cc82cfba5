"use client";

import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

/** Small controls for editable rows (rules, conditions, bundles): move up, move down, remove, and toggle chips. */

const Glyph = ({ d }: { d: string }) => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" className="size-4">
    <path d={d} />
  </svg>
);

const iconButton =
  "inline-flex size-8 shrink-0 items-center justify-center rounded-md text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900 " +
  "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-30 disabled:hover:bg-transparent";

const IconButton = ({ label, onClick, disabled, danger, children }: { label: string; onClick: () => void; disabled?: boolean; danger?: boolean; children: ReactNode }) => (
  <button type="button" aria-label={label} title={label} onClick={onClick} disabled={disabled} className={cn(iconButton, danger && "hover:bg-red-50 hover:text-red-700")}>
    {children}
  </button>
);

/** Up, down and remove for the row at `index` of `count`; `noun` names the row for assistive technology ("rule"). */
export const RowControls = ({
  noun,
  index,
  count,
  onMove,
  onRemove,
  movable = true,
}: {
  noun: string;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
  movable?: boolean;
}) => (
  <div className="flex items-center gap-0.5">
    {movable ? (
      <>
        <IconButton label={`Move ${noun} up`} onClick={() => onMove(index - 1)} disabled={index === 0}>
          <Glyph d="M12 19V5M6 11l6-6 6 6" />
        </IconButton>
        <IconButton label={`Move ${noun} down`} onClick={() => onMove(index + 1)} disabled={index === count - 1}>
          <Glyph d="M12 5v14M6 13l6 6 6-6" />
        </IconButton>
      </>
    ) : null}
    <IconButton label={`Remove ${noun}`} onClick={onRemove} danger>
      <Glyph d="M5 7h14M10 11v6M14 11v6M6 7l1 12a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1l1-12M9 7V4h6v3" />
    </IconButton>
  </div>
);

/** A list moved: the item at `from` now sits at `to`. */
export const moved = <T,>(items: readonly T[], from: number, to: number): T[] => {
  if (to < 0 || to >= items.length || from === to) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
};

/** Several choices as toggle buttons (weekdays, months, spaces); the selection keeps the choices' order. */
export const Chips = ({
  label,
  choices,
  selected,
  onChange,
  invalid,
  describedBy,
}: {
  label: string;
  choices: readonly { value: string; label: string; title?: string }[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  invalid?: boolean;
  describedBy?: string;
}) => (
  <div role="group" aria-label={label} aria-describedby={describedBy} className={cn("flex flex-wrap gap-1 rounded-md", invalid && "ring-2 ring-red-300 ring-offset-2")}>
    {choices.map((choice) => {
      const on = selected.includes(choice.value);
      const toggle = () => {
        const next = on ? selected.filter((value) => value !== choice.value) : [...selected, choice.value];
        onChange(choices.map((c) => c.value).filter((value) => next.includes(value)));
      };
      return (
        <button
          key={choice.value}
          type="button"
          aria-pressed={on}
          title={choice.title}
          onClick={toggle}
          className={cn(
            "h-8 rounded-full px-2.5 text-sm font-medium ring-1 transition-colors ring-inset",
            "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600",
            on ? "bg-indigo-600 text-white ring-indigo-600 hover:bg-indigo-500" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50",
          )}
        >
          {choice.label}
        </button>
      );
    })}
  </div>
);
