"use client";

import { cn } from "@/components/ui/cn";
import { controlClass } from "@/components/ui/field";
import { PlusIcon } from "@/components/ui/icons";
import type { ClauseField, ClauseOperator } from "@/lib/pricing/plans";
import { clauseErrorKey, newClause, withOperator, type ClauseRow } from "./plan-state";
import { clauseFieldList, clauseFieldSpecs, monthNames, operatorLabel, ruleWeekdayList, weekdayNames, weekdayShort } from "./pricing-format";
import { Chips, RowControls, moved } from "./row-controls";

/** A space the clauses and rates can name, in tree order. */
export type SpaceOption = { id: string; name: string; depth: number };

type Choice = { value: string; label: string; title?: string };

const indent = (depth: number) => "\u2003".repeat(depth);

/** The fixed choices of a value kind (weekdays, months, spaces); null for typed values. */
const choicesFor = (row: ClauseRow, spaces: readonly SpaceOption[]): { select: Choice[]; chips: Choice[] } | null => {
  const kind = clauseFieldSpecs[row.field].kind;
  if (kind === "weekday") {
    return {
      select: ruleWeekdayList.map((day) => ({ value: day, label: weekdayNames[day] })),
      chips: ruleWeekdayList.map((day) => ({ value: day, label: weekdayShort[day], title: weekdayNames[day] })),
    };
  }
  if (kind === "month") {
    return {
      select: monthNames.map((name, i) => ({ value: String(i + 1), label: `${i + 1} · ${name}` })),
      chips: monthNames.map((name, i) => ({ value: String(i + 1), label: name.slice(0, 3), title: name })),
    };
  }
  if (kind === "space") {
    // A space deleted since the clause was written stays visible, so it can be taken out.
    const known = new Set(spaces.map((space) => space.id));
    const missing = [...new Set([row.single, ...row.list].filter((id) => id && !known.has(id)))];
    const all = [...spaces.map((space) => ({ id: space.id, name: space.name, depth: space.depth })), ...missing.map((id) => ({ id, name: "Deleted space", depth: 0 }))];
    return {
      select: all.map((space) => ({ value: space.id, label: `${indent(space.depth)}${space.name}` })),
      chips: all.map((space) => ({ value: space.id, label: space.name })),
    };
  }
  return null;
};

const ClauseValue = ({
  row,
  spaces,
  onChange,
  invalid,
  describedBy,
}: {
  row: ClauseRow;
  spaces: readonly SpaceOption[];
  onChange: (row: ClauseRow) => void;
  invalid: boolean;
  describedBy?: string;
}) => {
  const kind = clauseFieldSpecs[row.field].kind;
  const choices = choicesFor(row, spaces);
  const control = (value: string, set: (value: string) => void, label: string) => {
    const common = { "aria-label": label, "aria-invalid": invalid || undefined, "aria-describedby": describedBy };
    if (choices) {
      // A stored value outside the choices is shown as it is rather than silently replaced.
      const options = choices.select.some((choice) => choice.value === value) ? choices.select : [{ value, label: value || "Choose…" }, ...choices.select];
      return (
        <select {...common} value={value} onChange={(event) => set(event.target.value)} className={controlClass(invalid, "h-9 py-1 pr-8")}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      );
    }
    if (kind === "time") {
      return (
        <input
          {...common}
          value={value}
          onChange={(event) => set(event.target.value)}
          placeholder="17:00"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          maxLength={5}
          className={controlClass(invalid, "h-9 py-1 font-mono tabular-nums sm:max-w-28")}
        />
      );
    }
    if (kind === "date") {
      return <input {...common} type="date" value={value} onChange={(event) => set(event.target.value)} className={controlClass(invalid, "h-9 py-1 sm:max-w-44")} />;
    }
    return (
      <input
        {...common}
        type="number"
        min={0}
        step={kind === "hours" ? 0.25 : 1}
        inputMode={kind === "hours" ? "decimal" : "numeric"}
        value={value}
        onChange={(event) => set(event.target.value)}
        placeholder={kind === "hours" ? "e.g. 4" : "e.g. 50"}
        className={controlClass(invalid, "h-9 py-1 tabular-nums sm:max-w-32")}
      />
    );
  };

  if (row.operator === "in") {
    if (choices) {
      const label = kind === "weekday" ? "Weekdays" : kind === "month" ? "Months" : "Spaces";
      return <Chips label={label} choices={choices.chips} selected={row.list} onChange={(list) => onChange({ ...row, list })} invalid={invalid} describedBy={describedBy} />;
    }
    // Lists of typed values (stored through the API) are edited as text, one comma between items.
    return control(row.list.join(", "), (text) => onChange({ ...row, list: text.split(",").map((item) => item.trim()) }), "Values, separated by commas");
  }
  if (row.operator === "between") {
    return (
      <div className="flex items-center gap-2 *:min-w-0 [&>input]:flex-1 [&>select]:flex-1">
        {control(row.low, (low) => onChange({ ...row, low }), "From")}
        <span className="text-sm text-slate-500">and</span>
        {control(row.high, (high) => onChange({ ...row, high }), "To")}
      </div>
    );
  }
  return control(row.single, (single) => onChange({ ...row, single }), "Value");
};

const partLabels = { field: "Field", operator: "Comparison", value: "Value" } as const;

/** The conditions of one rule: each a field, a comparison that means something for it, and a value entered the way the field needs. */
export const ClauseList = ({
  ruleKey,
  clauses,
  onChange,
  spaces,
  errors,
  newKey,
}: {
  ruleKey: string;
  clauses: ClauseRow[];
  onChange: (clauses: ClauseRow[]) => void;
  spaces: readonly SpaceOption[];
  errors: Record<string, string>;
  newKey: () => string;
}) => {
  const update = (index: number, row: ClauseRow) => onChange(clauses.map((clause, i) => (i === index ? row : clause)));
  const listError = errors[`rule:${ruleKey}.clauses`];
  return (
    <div className="rounded-md border border-slate-200 bg-slate-50/70 p-2 sm:p-4">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h4 className="text-sm font-medium text-slate-800">Conditions</h4>
        <p className="text-xs text-slate-500">
          {clauses.length === 0 ? "None: the rule applies to every booking it is tried on." : "All must hold for the rule to apply."}
        </p>
      </div>
      {clauses.length > 0 ? (
        <ol className="space-y-2">
          {clauses.map((row, index) => {
            const spec = clauseFieldSpecs[row.field];
            const operators = spec.operators.includes(row.operator) ? spec.operators : [...spec.operators, row.operator];
            const problems = (["field", "operator", "value"] as const).flatMap((part) => {
              const message = errors[clauseErrorKey(ruleKey, row.key, part)];
              return message ? [{ part, message }] : [];
            });
            const errorId = `clause-${row.key}-error`;
            const bad = (part: "field" | "operator" | "value") => problems.some((problem) => problem.part === part);
            return (
              <li key={row.key} className="rounded-md bg-white p-2 ring-1 ring-slate-200">
                <div role="group" aria-label={`Condition ${index + 1}`}>
                <div className="grid items-start gap-2 sm:grid-cols-[9.5rem_10rem_minmax(0,1fr)_auto]">
                  <div className="grid gap-2 sm:contents">
                    <select
                      aria-label="Field"
                      aria-invalid={bad("field") || undefined}
                      aria-describedby={problems.length > 0 ? errorId : undefined}
                      value={row.field}
                      onChange={(event) => update(index, newClause(row.key, spaces, event.target.value as ClauseField))}
                      className={controlClass(bad("field"), "h-9 py-1 pr-8")}
                    >
                      {clauseFieldList.map((field) => (
                        <option key={field} value={field}>
                          {clauseFieldSpecs[field].label}
                        </option>
                      ))}
                    </select>
                    <select
                      aria-label="Comparison"
                      aria-invalid={bad("operator") || undefined}
                      aria-describedby={problems.length > 0 ? errorId : undefined}
                      value={row.operator}
                      onChange={(event) => update(index, withOperator(row, event.target.value as ClauseOperator))}
                      className={controlClass(bad("operator"), "h-9 py-1 pr-8")}
                    >
                      {operators.map((operator) => (
                        <option key={operator} value={operator}>
                          {operatorLabel(row.field, operator)}
                        </option>
                      ))}
                    </select>
                  </div>
                  <ClauseValue
                    row={row}
                    spaces={spaces}
                    onChange={(next) => update(index, next)}
                    invalid={bad("value")}
                    describedBy={problems.length > 0 ? errorId : `clause-${row.key}-hint`}
                  />
                  <div className="flex justify-end">
                    <RowControls
                      noun="condition"
                      index={index}
                      count={clauses.length}
                      onMove={(to) => onChange(moved(clauses, index, to))}
                      onRemove={() => onChange(clauses.filter((_, i) => i !== index))}
                    />
                  </div>
                </div>
                {problems.length > 0 ? (
                  <p id={errorId} data-error className="mt-1.5 text-sm text-red-700">
                    {problems.map((problem) => `${partLabels[problem.part]}: ${problem.message.charAt(0).toLowerCase()}${problem.message.slice(1)}`).join(" · ")}
                  </p>
                ) : (
                  <p id={`clause-${row.key}-hint`} className={cn("mt-1 text-xs text-slate-500", "sm:pl-[20.5rem]")}>
                    {spec.hint}
                  </p>
                )}
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}
      {listError ? (
        <p data-error className="mt-2 text-sm text-red-700">
          {listError}
        </p>
      ) : null}
      <button
        type="button"
        onClick={() => onChange([...clauses, newClause(newKey(), spaces)])}
        className="mt-3 inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <PlusIcon className="size-4" />
        Add condition
      </button>
    </div>
  );
};
