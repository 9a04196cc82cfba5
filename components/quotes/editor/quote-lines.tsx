"use client";

import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { StatusMessage } from "@/components/ui/status-message";
import type { StoredLine } from "@/lib/quotes/document";
import { updateQuoteAction } from "@/lib/portal/actions/quotes";
import type { EditorQuote } from "@/lib/portal/loaders/quote-editor";
import { useEditor } from "./editor-context";
import { formatDeduction, isZero } from "@/lib/format/money";
import { lineFigures } from "@/lib/format/quantities";
import { categoryLabel, categories } from "./format";
import { ExtraLineForm, useLinePatch } from "./line-form";
import { changeLine, editExtra, errorAt, removeExtra, selectOptional, type ExtraKind } from "./patches";

type Row = { line: StoredLine; origin: "generated" | ExtraKind };

const byCategory = (rows: Row[]) => {
  const groups = new Map<string, Row[]>();
  for (const row of rows) groups.set(row.line.category, [...(groups.get(row.line.category) ?? []), row]);
  const rank = (category: string) => {
    const index = categories.findIndex((known) => known === category);
    return index === -1 ? categories.length : index;
  };
  return [...groups.entries()].sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
};

const columns = 6;

/**
 * The version's lines: generated from the event's bookings and added by the planner, grouped
 * by category; then the optional lines with whether they count; then the generated lines the
 * planner left out. On a draft each line can be changed where it stands.
 */
export const QuoteLines = ({ quote, editable }: { quote: EditorQuote; editable: boolean }) => {
  const { breakdown } = quote;
  const [editing, setEditing] = useState<string | null>(null);
  const rows: Row[] = [
    ...breakdown.lines.map((line) => ({ line, origin: "generated" as const })),
    ...breakdown.additional_lines.map((line) => ({ line, origin: "additional" as const })),
  ];
  const optional: Row[] = breakdown.optional_lines.map((line) => ({ line, origin: "optional" as const }));
  const empty = rows.length === 0 && optional.length === 0;

  return (
    <div className="space-y-3">
      <div className="relative overflow-x-auto rounded-lg border border-slate-200">
        <table aria-label={`Lines of version ${quote.version}`} className="min-w-full text-sm">
          <thead className="bg-slate-50">
            <tr className="text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
              <th scope="col" className="min-w-52 px-3 py-2.5">
                Item
              </th>
              <th scope="col" className="px-3 py-2.5 text-right">
                Quantity
              </th>
              <th scope="col" className="px-3 py-2.5 text-right whitespace-nowrap">
                Unit price
              </th>
              <th scope="col" className="px-3 py-2.5 text-right">
                Tax
              </th>
              <th scope="col" className="px-3 py-2.5 text-right">
                Amount
              </th>
              <th scope="col" className="px-3 py-2.5">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          {byCategory(rows).map(([category, group]) => (
            <tbody key={category} className="border-t border-slate-200">
              <tr>
                <th scope="colgroup" colSpan={columns} className="bg-white px-3 pt-3 pb-1 text-left text-xs font-semibold text-slate-700">
                  {categoryLabel(category)}
                </th>
              </tr>
              {group.map((row) => (
                <LineRow key={row.line.key} quote={quote} row={row} editable={editable} editing={editing === row.line.key} onEdit={setEditing} />
              ))}
            </tbody>
          ))}
          {optional.length > 0 ? (
            <tbody className="border-t border-slate-200">
              <tr>
                <th scope="colgroup" colSpan={columns} className="bg-white px-3 pt-3 pb-1 text-left text-xs font-semibold text-slate-700">
                  Optional <span className="font-normal text-slate-500">— offered to the customer; counted once selected</span>
                </th>
              </tr>
              {optional.map((row) => (
                <LineRow key={row.line.key} quote={quote} row={row} editable={editable} editing={editing === row.line.key} onEdit={setEditing} />
              ))}
            </tbody>
          ) : null}
          {empty ? (
            <tbody>
              <tr>
                <td colSpan={columns} className="px-3 py-6 text-center text-slate-500">
                  No lines yet.{editable ? " Book spaces for the event, or add a line below." : ""}
                </td>
              </tr>
            </tbody>
          ) : null}
        </table>
      </div>
      {quote.excluded_lines.length > 0 ? <ExcludedLines quote={quote} editable={editable} /> : null}
    </div>
  );
};

const originLabel = (row: Row, overridden: boolean) => {
  if (row.origin === "generated") return overridden ? "From the booking · adjusted" : "From the booking";
  if (row.origin === "additional") return "Added";
  return null;
};

const LineRow = ({
  quote,
  row,
  editable,
  editing,
  onEdit,
}: {
  quote: EditorQuote;
  row: Row;
  editable: boolean;
  editing: boolean;
  onEdit: (key: string | null) => void;
}) => {
  const { accountId, eventId, run, busy } = useEditor();
  const { line, origin } = row;
  const override = origin === "generated" ? quote.overrides.lines.find((candidate) => candidate.key === line.key) : undefined;
  const overridden = Boolean(override && (override.quantity !== undefined || override.unit_price !== undefined));
  // The tick shows at once; the server's answer (the new totals) then confirms or undoes it.
  const [ticking, setTicking] = useState<boolean | null>(null);
  const selected = ticking ?? line.selected === true;
  const counted = origin !== "optional" || line.selected === true;
  const send = (patch: Parameters<typeof updateQuoteAction>[3]) => run(() => updateQuoteAction(accountId, eventId, quote.id, patch));
  const tick = async (value: boolean) => {
    setTicking(value);
    await send(selectOptional(quote, line.key, value).patch);
    setTicking(null);
  };

  if (editing) {
    return (
      <tr className="bg-indigo-50/40">
        <td colSpan={columns} className="px-3 py-3">
          {origin === "generated" ? (
            <GeneratedLineForm quote={quote} line={line} overridden={overridden} onDone={() => onEdit(null)} />
          ) : (
            <ExtraLineEdit quote={quote} kind={origin} line={line} onDone={() => onEdit(null)} />
          )}
        </td>
      </tr>
    );
  }

  const label = originLabel(row, overridden);
  const figures = lineFigures(line, quote.currency);
  return (
    <tr className={counted ? "align-top" : "align-top text-slate-500"}>
      <td className="px-3 py-2.5">
        <div className="flex items-start gap-2">
          {origin === "optional" ? (
            <input
              type="checkbox"
              checked={selected}
              disabled={!editable || busy}
              aria-label={`Selected: ${line.name}`}
              onChange={(event) => void tick(event.target.checked)}
              className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-indigo-600 disabled:opacity-60"
            />
          ) : null}
          <div className="min-w-0">
            <p className={counted ? "font-medium text-slate-900" : "font-medium text-slate-600"}>{line.name}</p>
            {line.description ? <p className="text-xs text-slate-500">{line.description}</p> : null}
            {label || origin === "optional" ? (
              <p className="text-xs text-slate-500">{origin === "optional" ? (line.selected ? "Selected" : "Not selected") : label}</p>
            ) : null}
          </div>
        </div>
      </td>
      <td className="px-3 py-2.5 text-right whitespace-nowrap tabular-nums">{figures.quantity}</td>
      <td className="px-3 py-2.5 text-right whitespace-nowrap tabular-nums">{figures.unitPrice}</td>
      <td className="px-3 py-2.5 text-right whitespace-nowrap tabular-nums">{figures.taxRate}</td>
      <td className="px-3 py-2.5 text-right whitespace-nowrap tabular-nums">
        <span className={counted ? "font-medium text-slate-900" : ""}>{figures.amount}</span>
        {!isZero(line.discount) ? <span className="block text-xs text-emerald-700">{formatDeduction(line.discount, quote.currency)} discount</span> : null}
      </td>
      <td className="px-3 py-2 text-right whitespace-nowrap">
        {editable ? (
          <LineButtons>
            <Button size="sm" variant="ghost" disabled={busy} onClick={() => onEdit(line.key)} aria-label={`Edit ${line.name}`}>
              Edit
            </Button>
            {origin === "generated" ? (
              <Button size="sm" variant="ghost" disabled={busy} onClick={() => send(changeLine(quote, line.key, { included: false }).patch)} aria-label={`Leave out ${line.name}`}>
                Leave out
              </Button>
            ) : (
              <Button size="sm" variant="ghost" disabled={busy} onClick={() => send(removeExtra(quote, origin, line.key).patch)} aria-label={`Remove ${line.name}`}>
                Remove
              </Button>
            )}
          </LineButtons>
        ) : null}
      </td>
    </tr>
  );
};

const LineButtons = ({ children }: { children: ReactNode }) => <div className="-my-1 inline-flex gap-0.5">{children}</div>;

/** A generated line's quantity and unit price, overridden on this version; reset returns to the rate's. */
const GeneratedLineForm = ({ quote, line, overridden, onDone }: { quote: EditorQuote; line: StoredLine; overridden: boolean; onDone: () => void }) => {
  const id = useId();
  const { accountId, eventId, run, busy } = useEditor();
  const [failure, setFailure] = useState<{ message: string; errors: Record<string, string> } | null>(null);

  const save = async (change: Parameters<typeof changeLine>[2]) => {
    const built = changeLine(quote, line.key, change);
    const result = await run(() => updateQuoteAction(accountId, eventId, quote.id, built.patch), { quiet: true });
    if (result.ok) return onDone();
    setFailure({
      message: result.message,
      errors: {
        quantity: errorAt(result.errors, built.path, "quantity") ?? "",
        unit_price: errorAt(result.errors, built.path, "unit_price") ?? "",
      },
    });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const quantity = String(form.get("quantity") ?? "").trim();
    const unitPrice = String(form.get("unit_price") ?? "").trim();
    // Only what the planner changed is pinned: an untouched value follows the rate on the next revision.
    void save({
      included: true,
      ...(quantity !== line.quantity ? { quantity } : {}),
      ...(unitPrice !== line.unit_price ? { unit_price: unitPrice } : {}),
    });
  };

  const hasFieldError = Boolean(failure?.errors.quantity || failure?.errors.unit_price);
  return (
    <form onSubmit={submit} className="space-y-3" noValidate aria-label={`Edit ${line.name}`}>
      <p className="text-sm font-medium text-slate-900">{line.name}</p>
      <div className="grid max-w-md grid-cols-1 gap-3 sm:grid-cols-2">
        <Input id={`${id}-quantity`} name="quantity" label="Quantity" inputMode="decimal" defaultValue={line.quantity} error={failure?.errors.quantity || undefined} autoFocus />
        <Input id={`${id}-unit_price`} name="unit_price" label="Unit price" inputMode="decimal" defaultValue={line.unit_price} error={failure?.errors.unit_price || undefined} />
      </div>
      {failure && !hasFieldError ? <StatusMessage tone="error">{failure.message}</StatusMessage> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={busy}>
          {busy ? "Saving…" : "Save line"}
        </Button>
        {overridden ? (
          <Button size="sm" variant="secondary" disabled={busy} onClick={() => void save(null)}>
            Reset to the rate
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
};

const ExtraLineEdit = ({ quote, kind, line, onDone }: { quote: EditorQuote; kind: ExtraKind; line: StoredLine; onDone: () => void }) => {
  const save = useLinePatch(quote);
  return (
    <ExtraLineForm
      initial={{ name: line.name, quantity: line.quantity, unit_price: line.unit_price, tax_rate: line.tax_rate, category: line.category }}
      submitLabel="Save line"
      onCancel={onDone}
      onSubmit={async (input) => {
        const failure = await save(editExtra(quote, kind, line.key, input));
        if (!failure) onDone();
        return failure;
      }}
    />
  );
};

/** Generated lines the planner left out of this version, to put back. */
const ExcludedLines = ({ quote, editable }: { quote: EditorQuote; editable: boolean }) => {
  const { accountId, eventId, run, busy } = useEditor();
  return (
    <div className="rounded-md border border-dashed border-slate-300 px-3 py-2">
      <h3 className="text-xs font-semibold text-slate-600">Left out of this version</h3>
      <ul className="mt-1 divide-y divide-slate-100">
        {quote.excluded_lines.map((line) => (
          <li key={line.key} className="flex flex-wrap items-center justify-between gap-2 py-1.5 text-sm text-slate-500">
            <span className="line-through decoration-slate-300">{line.name}</span>
            {editable ? (
              <Button
                size="sm"
                variant="ghost"
                disabled={busy}
                aria-label={`Include ${line.name}`}
                onClick={() => run(() => updateQuoteAction(accountId, eventId, quote.id, changeLine(quote, line.key, { included: true }).patch))}
              >
                Include
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
};
