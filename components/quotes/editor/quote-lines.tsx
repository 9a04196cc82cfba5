"use client";

import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Input } from "@/components/ui/input";
import { StatusMessage } from "@/components/ui/status-message";
import type { StoredLine } from "@/lib/quotes/document";
import { updateQuoteAction } from "@/lib/portal/actions/quotes";
import type { EditorQuote } from "@/lib/portal/loaders/quote-editor";
import { useEditor } from "./editor-context";
import { formatDeduction, formatUnitPrice, isZero } from "@/lib/format/money";
import { lineFigures } from "@/lib/format/quantities";
import { categoryLabel, categories } from "./format";
import { ExtraLineForm, useLinePatch } from "./line-form";
import { changeLine, editExtra, errorAt, removeExtra, selectOptional, type ExtraKind } from "./patches";
import { touchFields, touchTarget } from "./touch";

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

/*
 * Below `sm` the table is a list of cards: the header row, the unit price and the tax columns
 * are hidden; each line shows its name across the card, then "5 hours × €150.00" and its tax
 * rate beside its amount (and discount), then its buttons. Nothing a planner needs is out of sight and nothing
 * scrolls sideways.
 */
const phoneBlock = "max-sm:block";
const phoneLine = "max-sm:grid max-sm:grid-cols-[minmax(0,1fr)_auto] max-sm:gap-x-3 max-sm:gap-y-1 max-sm:px-3 max-sm:py-3 max-sm:[&+tr]:border-t max-sm:[&+tr]:border-slate-100";

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
        <table aria-label={`Lines of version ${quote.version}`} className={cn("min-w-full text-sm", phoneBlock)}>
          <thead className="bg-slate-50 max-sm:hidden">
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
            <tbody key={category} className={cn("border-t border-slate-200 max-sm:first-of-type:border-t-0", phoneBlock)}>
              <tr className={phoneBlock}>
                <th scope="colgroup" colSpan={columns} className={cn("bg-white px-3 pt-3 pb-1 text-left text-xs font-semibold text-slate-700", phoneBlock)}>
                  {categoryLabel(category)}
                </th>
              </tr>
              {group.map((row) => (
                <LineRow key={row.line.key} quote={quote} row={row} editable={editable} editing={editing === row.line.key} onEdit={setEditing} />
              ))}
            </tbody>
          ))}
          {optional.length > 0 ? (
            <tbody className={cn("border-t border-slate-200 max-sm:first-of-type:border-t-0", phoneBlock)}>
              <tr className={phoneBlock}>
                <th scope="colgroup" colSpan={columns} className={cn("bg-white px-3 pt-3 pb-1 text-left text-xs font-semibold text-slate-700", phoneBlock)}>
                  Optional <span className="font-normal text-slate-500">— offered to the customer; counted once selected</span>
                </th>
              </tr>
              {optional.map((row) => (
                <LineRow key={row.line.key} quote={quote} row={row} editable={editable} editing={editing === row.line.key} onEdit={setEditing} />
              ))}
            </tbody>
          ) : null}
          {empty ? (
            <tbody className={phoneBlock}>
              <tr className={phoneBlock}>
                <td colSpan={columns} className={cn("px-3 py-6 text-center text-slate-500", phoneBlock)}>
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
      <tr className={cn("bg-indigo-50/40", phoneBlock)}>
        <td colSpan={columns} className={cn("px-3 py-3", phoneBlock)}>
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
    <tr className={cn("align-top", counted ? undefined : "text-slate-500", phoneLine)}>
      <td className="px-3 py-2.5 max-sm:col-span-2 max-sm:p-0">
        <div className="flex items-start gap-2">
          {origin === "optional" ? (
            // The label widens the box's tap area to 40 px on a phone; the box keeps its own name.
            <label className="flex shrink-0 max-sm:-m-3 max-sm:p-3">
              <input
                type="checkbox"
                checked={selected}
                disabled={!editable || busy}
                aria-label={`Selected: ${line.name}`}
                onChange={(event) => void tick(event.target.checked)}
                className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-indigo-600 disabled:opacity-60"
              />
            </label>
          ) : null}
          <div className="min-w-0">
            <p className={cn("font-medium break-words", counted ? "text-slate-900" : "text-slate-600")}>{line.name}</p>
            {line.description ? <p className="text-xs text-slate-500">{line.description}</p> : null}
            {label || origin === "optional" ? (
              <p className="text-xs text-slate-500">{origin === "optional" ? (line.selected ? "Selected" : "Not selected") : label}</p>
            ) : null}
          </div>
        </div>
      </td>
      <td
        className={cn(
          "px-3 py-2.5 text-right whitespace-nowrap tabular-nums max-sm:p-0 max-sm:text-left max-sm:whitespace-normal",
          origin === "optional" ? "max-sm:pl-6" : undefined,
          counted ? "max-sm:text-slate-700" : undefined,
        )}
      >
        {figures.quantity}
        <span className="sm:hidden">
          {" "}
          × {formatUnitPrice(line.unit_price, quote.currency)}
          <span className="block text-xs text-slate-500">{figures.taxRate} tax</span>
        </span>
      </td>
      <td className="px-3 py-2.5 text-right whitespace-nowrap tabular-nums max-sm:hidden">{figures.unitPrice}</td>
      <td className="px-3 py-2.5 text-right whitespace-nowrap tabular-nums max-sm:hidden">{figures.taxRate}</td>
      <td className="px-3 py-2.5 text-right whitespace-nowrap tabular-nums max-sm:p-0">
        <span className={counted ? "font-medium text-slate-900" : ""}>{figures.amount}</span>
        {!isZero(line.discount) ? <span className="block text-xs text-emerald-700">{formatDeduction(line.discount, quote.currency)} discount</span> : null}
      </td>
      <td className={cn("px-3 py-2 text-right whitespace-nowrap", editable ? "max-sm:col-span-2 max-sm:-mr-2.5 max-sm:p-0" : "max-sm:hidden")}>
        {editable ? (
          <LineButtons>
            <Button size="sm" variant="ghost" className={touchTarget} disabled={busy} onClick={() => onEdit(line.key)} aria-label={`Edit ${line.name}`}>
              Edit
            </Button>
            {origin === "generated" ? (
              <Button
                size="sm"
                variant="ghost"
                className={touchTarget}
                disabled={busy}
                onClick={() => send(changeLine(quote, line.key, { included: false }).patch)}
                aria-label={`Leave out ${line.name}`}
              >
                Leave out
              </Button>
            ) : (
              <Button
                size="sm"
                variant="ghost"
                className={touchTarget}
                disabled={busy}
                onClick={() => send(removeExtra(quote, origin, line.key).patch)}
                aria-label={`Remove ${line.name}`}
              >
                Remove
              </Button>
            )}
          </LineButtons>
        ) : null}
      </td>
    </tr>
  );
};

const LineButtons = ({ children }: { children: ReactNode }) => <div className="-my-1 inline-flex gap-0.5 max-sm:my-0">{children}</div>;

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
      <div className={cn("grid max-w-md grid-cols-2 gap-3", touchFields)}>
        <Input id={`${id}-quantity`} name="quantity" label="Quantity" inputMode="decimal" defaultValue={line.quantity} error={failure?.errors.quantity || undefined} autoFocus />
        <Input id={`${id}-unit_price`} name="unit_price" label="Unit price" inputMode="decimal" defaultValue={line.unit_price} error={failure?.errors.unit_price || undefined} />
      </div>
      {failure && !hasFieldError ? <StatusMessage tone="error">{failure.message}</StatusMessage> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" className={touchTarget} disabled={busy}>
          {busy ? "Saving…" : "Save line"}
        </Button>
        {overridden ? (
          <Button size="sm" variant="secondary" className={touchTarget} disabled={busy} onClick={() => void save(null)}>
            Reset to the rate
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" className={touchTarget} onClick={onDone}>
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
                className={touchTarget}
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
