"use client";

import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { cn } from "@/components/ui/cn";
import { Field, controlClass, describedBy } from "@/components/ui/field";
import type { PickerOption } from "@/lib/portal/actions/events";
import { attempt, type Outcome } from "@/lib/portal/outcome";

type Props = {
  /** The form field the chosen record's id is sent as ("" when none). */
  name: string;
  label: string;
  initial: PickerOption | null;
  search: (q: string) => Promise<Outcome<{ options: PickerOption[] }>>;
  /** Offered when nothing matches the typed name exactly. */
  create?: { noun: string; run: (name: string) => Promise<Outcome<{ option: PickerOption }>> };
  placeholder?: string;
  hint?: string;
  error?: string;
};

/**
 * A searchable choice of one record (a contact, a company): a combobox whose list asks the
 * server as the planner types. Leaving the box without choosing keeps the previous choice;
 * emptying it clears the choice.
 */
export const RecordPicker = ({ name, label, initial, search, create, placeholder, hint, error }: Props) => {
  const id = `field-${name}`;
  const listId = `${id}-options`;
  const [selected, setSelected] = useState<PickerOption | null>(initial);
  const [query, setQuery] = useState(initial?.label ?? "");
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<PickerOption[]>([]);
  const [active, setActive] = useState(-1);
  const [loading, setLoading] = useState(false);
  /** Why the last search found nothing, when the server refused it or could not be reached. */
  const [searchProblem, setSearchProblem] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const ticket = useRef(0);

  useEffect(() => () => clearTimeout(timer.current), []);

  const typed = query.trim();
  const offerCreate = Boolean(create && typed && !options.some((option) => option.label.toLowerCase() === typed.toLowerCase()));
  const count = options.length + (offerCreate ? 1 : 0);

  /** Only the latest search's answer is shown: an earlier, slower one must not overwrite it. */
  const lookUp = (text: string, delay: number) => {
    clearTimeout(timer.current);
    const mine = ++ticket.current;
    timer.current = setTimeout(async () => {
      setLoading(true);
      const outcome = await attempt(() => search(text));
      if (mine !== ticket.current) return;
      const found = outcome.ok ? outcome.options : [];
      setOptions(found);
      setActive(found.length > 0 ? 0 : -1);
      setSearchProblem(outcome.ok ? null : outcome.message);
      setLoading(false);
    }, delay);
  };

  const choose = (option: PickerOption) => {
    setSelected(option);
    setQuery(option.label);
    setOpen(false);
    setProblem(null);
  };

  const createTyped = async () => {
    if (!create || !typed) return;
    const outcome = await attempt(() => create.run(typed));
    if (outcome.ok) choose(outcome.option);
    else setProblem(outcome.message);
  };

  const pick = (index: number) => {
    if (index < options.length) choose(options[index]!);
    else if (offerCreate) void createTyped();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        lookUp(selected ? "" : query, 0);
        return;
      }
      if (count === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (current + step + count) % count);
    } else if (event.key === "Enter" && open && active >= 0 && active < count) {
      event.preventDefault();
      pick(active);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const optionId = (index: number) => `${listId}-${index}`;

  return (
    <Field id={id} label={label} hint={hint} error={error ?? problem ?? undefined}>
      <input type="hidden" name={name} value={selected ? String(selected.id) : ""} />
      <div className="relative">
        <input
          id={id}
          type="text"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && active >= 0 && active < count ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { hint, error: error ?? problem ?? undefined })}
          autoComplete="off"
          spellCheck={false}
          maxLength={255}
          placeholder={placeholder}
          value={query}
          onFocus={() => {
            setOpen(true);
            lookUp(selected ? "" : query, 0);
          }}
          onChange={(event) => {
            const text = event.target.value;
            setQuery(text);
            setOpen(true);
            setProblem(null);
            if (text === "") setSelected(null);
            lookUp(text, 200);
          }}
          onBlur={() => {
            setOpen(false);
            setQuery(selected?.label ?? "");
          }}
          onKeyDown={onKeyDown}
          className={controlClass(Boolean(error ?? problem), cn("h-9 py-1", selected ? "pr-16" : undefined))}
        />
        {selected ? (
          <button
            type="button"
            onClick={() => {
              setSelected(null);
              setQuery("");
            }}
            aria-label={`Clear ${label.toLowerCase()}`}
            className="absolute inset-y-1 right-1 rounded px-2 text-xs font-medium text-slate-500 hover:bg-slate-100 hover:text-slate-800 max-sm:inset-y-0 max-sm:right-0 max-sm:px-3"
          >
            Clear
          </button>
        ) : null}
        <div
          className={cn(
            "absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg",
            open ? undefined : "hidden",
          )}
        >
          {open && count === 0 ? (
            <p className="px-3 py-2 text-slate-500" role="status">
              {loading ? "Searching…" : (searchProblem ?? (typed ? "No matches" : "Nothing to choose from yet"))}
            </p>
          ) : null}
          <ul id={listId} role="listbox" aria-label={label}>
            {options.map((option, index) => (
              <li
                key={option.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(index)}
                onMouseEnter={() => setActive(index)}
                className={cn("cursor-pointer px-3 py-1.5 max-sm:py-2.5", index === active ? "bg-indigo-50 text-indigo-900" : "text-slate-800")}
              >
                <span className="block truncate font-medium">{option.label}</span>
                {option.detail ? <span className="block truncate text-xs text-slate-500">{option.detail}</span> : null}
              </li>
            ))}
            {offerCreate && create ? (
              <li
                id={optionId(options.length)}
                role="option"
                aria-selected={active === options.length}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(options.length)}
                onMouseEnter={() => setActive(options.length)}
                className={cn(
                  "cursor-pointer border-t border-slate-100 px-3 py-1.5 max-sm:py-2.5",
                  active === options.length ? "bg-indigo-50 text-indigo-900" : "text-indigo-700",
                )}
              >
                Create {create.noun} “{typed}”
              </li>
            ) : null}
          </ul>
        </div>
      </div>
    </Field>
  );
};
