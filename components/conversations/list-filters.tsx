"use client";

import { useEffect, useId, useState, type FormEvent, type ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { SearchIcon } from "@/components/ui/icons";
import type { InboxFilters, NarrowingKey } from "@/lib/conversations/inbox-filters";
import { useInbox } from "./inbox-context";

/** How long typing may pause before the search runs. */
const TYPING_PAUSE_MS = 350;

const fieldClass =
  "h-8 w-full min-w-0 rounded-md border border-slate-300 bg-white text-sm text-slate-800 shadow-sm " +
  "focus:outline-2 focus:-outline-offset-1 focus:outline-indigo-600";

/**
 * Searches messages and contacts as the agent types (after a short pause; Enter at once).
 * The first search of a session is a new step in the history, refining it replaces that step,
 * so Back leaves the search rather than undoing it letter by letter.
 */
export const SearchBox = ({ q, onSearch }: { q: string | undefined; onSearch: (q: string | undefined, mode: "push" | "replace") => void }) => {
  const [draft, setDraft] = useState(q ?? "");
  const [shown, setShown] = useState(q);
  // The URL moved on its own (back, forward, "clear filters"): the box follows it.
  if (q !== shown) {
    setShown(q);
    if ((q ?? "") !== draft.trim()) setDraft(q ?? "");
  }

  useEffect(() => {
    const next = draft.trim() || undefined;
    if (next === q) return;
    const timer = window.setTimeout(() => onSearch(next, q && next ? "replace" : "push"), TYPING_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [draft, q, onSearch]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = draft.trim() || undefined;
    if (next !== q) onSearch(next, q && next ? "replace" : "push");
  };

  return (
    <form role="search" onSubmit={submit} className="relative">
      <label htmlFor="inbox-search" className="sr-only">
        Search conversations
      </label>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-400" />
      <input
        id="inbox-search"
        type="search"
        value={draft}
        maxLength={200}
        autoComplete="off"
        onChange={(event) => setDraft(event.target.value)}
        placeholder="Search messages, names, emails, phones"
        className={cn(fieldClass, "h-9 pr-2 pl-8 placeholder:text-slate-400")}
      />
    </form>
  );
};

type Option = { value: string; label: string };

const FilterSelect = ({ id, label, value, options, anyLabel, onChange }: { id: string; label: string; value: string; options: Option[]; anyLabel: string; onChange: (value: string) => void }) => {
  // A link may name something this agent's pickers do not offer (deleted, or an inbox they are not in): still show it.
  const known = value === "" || options.some((option) => option.value === value);
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-500">
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={cn(fieldClass, "pr-7 pl-2")}>
        <option value="">{anyLabel}</option>
        {known ? null : <option value={value}>Unknown ({value})</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
};

/**
 * Narrows the list by inbox, label, team and assignee. The choices sit behind a "Filters"
 * button; what is chosen shows as chips beside it, each with its own remove button.
 */
export const FilterBar = ({
  filters,
  onChange,
  before,
}: {
  filters: InboxFilters;
  onChange: (change: Partial<InboxFilters>) => void;
  /** Shown first in the row (the status). */
  before?: ReactNode;
}) => {
  const { inboxes, labels, teams, agents } = useInbox();
  const [open, setOpen] = useState(false);
  const ids = useId();

  const options: Record<NarrowingKey, { label: string; any: string; options: Option[] }> = {
    inbox_id: { label: "Inbox", any: "Any inbox", options: inboxes.map((inbox) => ({ value: String(inbox.id), label: inbox.name })) },
    label: { label: "Label", any: "Any label", options: labels.map((label) => ({ value: label.title, label: label.title })) },
    team_id: { label: "Team", any: "Any team", options: teams.map((team) => ({ value: String(team.id), label: team.name })) },
    assignee: { label: "Assignee", any: "Anyone", options: agents.map((agent) => ({ value: String(agent.id), label: agent.available_name })) },
  };
  const keys = Object.keys(options) as NarrowingKey[];
  const valueOf = (key: NarrowingKey) => (filters[key] === undefined ? "" : String(filters[key]));
  const active = keys.filter((key) => filters[key] !== undefined);
  const set = (key: NarrowingKey, value: string) =>
    onChange({ [key]: value === "" ? undefined : key === "label" ? value : Number(value) } as Partial<InboxFilters>);

  return (
    <div>
      <div className="flex flex-wrap items-center gap-1.5">
        {before}
        <button
          type="button"
          aria-expanded={open}
          aria-controls={open ? `${ids}-panel` : undefined}
          onClick={() => setOpen((value) => !value)}
          className={cn(
            "inline-flex h-7 items-center gap-1.5 rounded-md px-2 text-sm font-medium ring-1 ring-inset transition-colors",
            "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600",
            open || active.length > 0 ? "bg-indigo-50 text-indigo-700 ring-indigo-200" : "bg-white text-slate-600 ring-slate-300 hover:bg-slate-50",
          )}
        >
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.6} strokeLinecap="round" aria-hidden="true" className="size-4">
            <path d="M4 6h16M7 12h10M10 18h4" />
          </svg>
          Filters
          {active.length > 0 ? (
            <span className="rounded-full bg-indigo-600 px-1.5 text-xs text-white tabular-nums">
              {active.length}
              <span className="sr-only"> active</span>
            </span>
          ) : null}
        </button>
        {active.map((key) => {
          const spec = options[key];
          const value = valueOf(key);
          const shown = spec.options.find((option) => option.value === value)?.label ?? `Unknown (${value})`;
          return (
            <span key={key} className="inline-flex max-w-full min-w-0 items-center gap-0.5 rounded-full bg-slate-100 py-0.5 pr-0.5 pl-2 text-xs text-slate-700">
              <span className="truncate">
                <span className="text-slate-500">{spec.label}:</span> {shown}
              </span>
              <button
                type="button"
                aria-label={`Remove filter ${spec.label}: ${shown}`}
                onClick={() => set(key, "")}
                className="rounded-full px-1.5 text-slate-400 hover:bg-slate-200 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                ×
              </button>
            </span>
          );
        })}
      </div>
      {open ? (
        <div id={`${ids}-panel`} role="group" aria-label="Filters" className="mt-2 grid grid-cols-2 gap-x-2 gap-y-2">
          {keys.map((key) => (
            <FilterSelect
              key={key}
              id={`${ids}-${key}`}
              label={options[key].label}
              value={valueOf(key)}
              options={options[key].options}
              anyLabel={options[key].any}
              onChange={(value) => set(key, value)}
            />
          ))}
          {active.length > 0 ? (
            <button
              type="button"
              onClick={() => onChange(Object.fromEntries(keys.map((key) => [key, undefined])))}
              className="col-span-2 justify-self-start rounded text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              Clear filters
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
};
