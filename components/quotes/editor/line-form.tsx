"use client";

import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { StatusMessage } from "@/components/ui/status-message";
import { updateQuoteAction } from "@/lib/portal/actions/quotes";
import type { EditorBundle, EditorQuote } from "@/lib/portal/loaders/quote-editor";
import { useEditor } from "./editor-context";
import { formatPercent } from "@/lib/format/money";
import { formatAttendees, formatRate } from "@/lib/format/quantities";
import { categories, categoryLabel } from "./format";
import { addExtra, errorAt, type Built, type ExtraKind, type ExtraLineInput } from "./patches";
import { touchFields, touchTarget } from "./touch";

const categoryOptions = categories.map((category) => ({ value: category, label: categoryLabel(category) }));

/** Name, quantity, unit price, tax and category of an added or optional line. */
export const ExtraLineForm = ({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial?: ExtraLineInput;
  submitLabel: string;
  /** Saves the line; answers the field errors (by input name) and the message, or null when saved. */
  onSubmit: (line: ExtraLineInput) => Promise<{ message: string; errors: Record<string, string> } | null>;
  onCancel: () => void;
}) => {
  const id = useId();
  const { busy } = useEditor();
  const [failure, setFailure] = useState<{ message: string; errors: Record<string, string> } | null>(null);
  const options = initial && !categories.some((category) => category === initial.category) ? [...categoryOptions, { value: initial.category, label: categoryLabel(initial.category) }] : categoryOptions;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? "").trim();
    const result = await onSubmit({
      ...initial,
      name: value("name"),
      quantity: value("quantity"),
      unit_price: value("unit_price"),
      tax_rate: value("tax_rate") || "0",
      category: value("category") || "other",
    });
    setFailure(result);
  };

  const error = (name: string) => failure?.errors[name];
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <div className={cn("grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))]", touchFields)}>
        <Input id={`${id}-name`} name="name" label="Name" defaultValue={initial?.name} required error={error("name")} autoFocus />
        <Input id={`${id}-quantity`} name="quantity" label="Quantity" inputMode="decimal" defaultValue={initial?.quantity ?? "1"} error={error("quantity")} />
        <Input id={`${id}-unit_price`} name="unit_price" label="Unit price" inputMode="decimal" defaultValue={initial?.unit_price} required error={error("unit_price")} />
        <Input id={`${id}-tax_rate`} name="tax_rate" label="Tax %" inputMode="decimal" defaultValue={initial?.tax_rate ?? "0"} error={error("tax_rate")} />
        <Select id={`${id}-category`} name="category" label="Category" options={options} defaultValue={initial?.category ?? "other"} />
      </div>
      {failure && Object.keys(failure.errors).length === 0 ? <StatusMessage tone="error">{failure.message}</StatusMessage> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" className={touchTarget} disabled={busy}>
          {busy ? "Saving…" : submitLabel}
        </Button>
        <Button size="sm" className={touchTarget} variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
};

/** The field errors of one line of the request, by input name. */
const lineErrors = (errors: Record<string, string>, path: string) =>
  Object.fromEntries(
    ["name", "quantity", "unit_price", "tax_rate", "category"].flatMap((field) => {
      const message = errorAt(errors, path, field);
      return message ? [[field, message]] : [];
    }),
  );

/** Sends a built patch for a line form: null when saved, else what to show in the form. */
export const useLinePatch = (quote: EditorQuote) => {
  const { accountId, eventId, run } = useEditor();
  return async ({ patch, path }: Built) => {
    const result = await run(() => updateQuoteAction(accountId, eventId, quote.id, patch), { quiet: true });
    if (result.ok) return null;
    return { message: result.message, errors: lineErrors(result.errors, path) };
  };
};

type Adding = ExtraKind | "bundle" | null;

/** Add a line, an optional line or a bundle from the active pricing plans. */
export const AddLines = ({ quote }: { quote: EditorQuote }) => {
  const { bundles, busy } = useEditor();
  const [adding, setAdding] = useState<Adding>(null);
  const save = useLinePatch(quote);

  if (adding === "additional" || adding === "optional") {
    const kind = adding;
    return (
      <section aria-label={kind === "additional" ? "Add a line" : "Add an optional line"} className="rounded-md border border-slate-200 bg-slate-50 p-3 sm:p-4">
        <h3 className="mb-3 text-sm font-semibold text-slate-900">{kind === "additional" ? "Add a line" : "Add an optional line"}</h3>
        {kind === "optional" ? <p className="-mt-2 mb-3 text-xs text-slate-500">The customer can tick it on the quote; it counts once selected.</p> : null}
        <ExtraLineForm
          submitLabel={kind === "additional" ? "Add line" : "Add optional line"}
          onCancel={() => setAdding(null)}
          onSubmit={async (line) => {
            const failure = await save(addExtra(quote, kind, line));
            if (!failure) setAdding(null);
            return failure;
          }}
        />
      </section>
    );
  }
  if (adding === "bundle") return <BundlePicker quote={quote} bundles={bundles} onDone={() => setAdding(null)} />;

  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" className={touchTarget} variant="secondary" disabled={busy} onClick={() => setAdding("additional")}>
        Add line
      </Button>
      <Button size="sm" className={touchTarget} variant="secondary" disabled={busy} onClick={() => setAdding("optional")}>
        Add optional line
      </Button>
      <Button size="sm" className={touchTarget} variant="secondary" disabled={busy || bundles.length === 0} onClick={() => setAdding("bundle")} title={bundles.length === 0 ? "The active pricing plans have no bundles" : undefined}>
        Add bundle
      </Button>
    </div>
  );
};

/** A bundle becomes one added line: per person for the event's attendees, or once. */
const BundlePicker = ({ quote, bundles, onDone }: { quote: EditorQuote; bundles: EditorBundle[]; onDone: () => void }) => {
  const id = useId();
  const { busy } = useEditor();
  const save = useLinePatch(quote);
  const [choice, setChoice] = useState(0);
  const bundle = bundles[choice];
  const defaultQuantity = (b: EditorBundle | undefined) => (b?.unit === "person" ? String(quote.attendees ?? "") : "1");
  const [quantity, setQuantity] = useState(defaultQuantity(bundle));
  const [optional, setOptional] = useState(false);
  const [failure, setFailure] = useState<{ message: string; errors: Record<string, string> } | null>(null);
  if (!bundle) return null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const line: ExtraLineInput = {
      name: bundle.name,
      quantity: quantity.trim(),
      unit_price: bundle.amount,
      tax_rate: bundle.tax_rate,
      category: bundle.category,
      unit: bundle.unit,
      description: bundle.description,
    };
    const result = await save(addExtra(quote, optional ? "optional" : "additional", line));
    setFailure(result);
    if (!result) onDone();
  };

  return (
    <section aria-label="Add a bundle" className="rounded-md border border-slate-200 bg-slate-50 p-3 sm:p-4">
      <h3 className="mb-3 text-sm font-semibold text-slate-900">Add a bundle</h3>
      <form onSubmit={submit} className="space-y-3" noValidate>
        <div className={cn("grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]", touchFields)}>
          <Select
            id={`${id}-bundle`}
            name="bundle"
            label="Bundle"
            value={String(choice)}
            onChange={(event) => {
              const next = Number(event.target.value);
              setChoice(next);
              setQuantity(defaultQuantity(bundles[next]));
            }}
            options={bundles.map((b, index) => ({
              value: String(index),
              label: `${b.name} — ${formatRate(b.amount, b.unit, quote.currency)} (${b.plan})`,
            }))}
          />
          <Input
            id={`${id}-quantity`}
            name="quantity"
            label={bundle.unit === "person" ? "People" : "Quantity"}
            inputMode="decimal"
            value={quantity}
            onChange={(event) => setQuantity(event.target.value)}
            hint={bundle.unit === "person" ? (quote.attendees === null ? "The event has no attendee count: enter the number of people." : `The event's attendees: ${formatAttendees(quote.attendees)}.`) : undefined}
            error={failure?.errors.quantity}
          />
        </div>
        <p className="text-xs text-slate-500">
          {categoryLabel(bundle.category)} · tax {formatPercent(bundle.tax_rate)}
          {bundle.description ? ` · ${bundle.description}` : ""}
        </p>
        <label className="flex items-center gap-2 text-sm text-slate-700 max-sm:min-h-10">
          <input type="checkbox" checked={optional} onChange={(event) => setOptional(event.target.checked)} className="size-4 rounded border-slate-300 accent-indigo-600" />
          Offer it as an optional line
        </label>
        {failure && !failure.errors.quantity ? <StatusMessage tone="error">{failure.message}</StatusMessage> : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" className={touchTarget} disabled={busy}>
            {busy ? "Saving…" : "Add bundle"}
          </Button>
          <Button size="sm" className={touchTarget} variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </form>
    </section>
  );
};
