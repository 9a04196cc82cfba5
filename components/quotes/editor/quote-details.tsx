"use client";

import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { StatusMessage } from "@/components/ui/status-message";
import { Textarea } from "@/components/ui/textarea";
import { updateQuoteAction } from "@/lib/portal/actions/quotes";
import type { EditorQuote } from "@/lib/portal/loaders/quote-editor";
import { useEditor } from "./editor-context";
import { formatDate } from "./format";
import { touchFields, touchTarget } from "./touch";

const fields = ["name", "valid_until", "po_number", "customer_first_name", "customer_last_name", "customer_email", "company_name", "company_vat_number", "notes"] as const;
type DetailField = (typeof fields)[number];

const currentValues = (quote: EditorQuote): Record<DetailField, string> => ({
  name: quote.name ?? "",
  valid_until: quote.valid_until ?? "",
  po_number: quote.po_number ?? "",
  notes: quote.notes ?? "",
  ...Object.fromEntries(Object.entries(quote.customer_overrides).map(([field, value]) => [field, value ?? ""])),
}) as Record<DetailField, string>;

/** Who the quote is for and its terms, as the document shows them. */
const Summary = ({ quote }: { quote: EditorQuote }) => {
  const customer = [quote.customer.name, quote.customer.email].filter(Boolean).join(" · ");
  const company = quote.company ? [quote.company.name, quote.company.vat_number ? `VAT ${quote.company.vat_number}` : null].filter(Boolean).join(" · ") : "";
  const rows: [string, ReactNode][] = [
    ["Customer", customer || <span className="text-slate-400">No contact</span>],
    ["Company", company || <span className="text-slate-400">None</span>],
    ["Valid until", quote.valid_until ? formatDate(quote.valid_until) : <span className="text-slate-400">No expiry</span>],
    ["PO number", quote.po_number ?? <span className="text-slate-400">None</span>],
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-medium text-slate-500">{label}</dt>
          <dd className="break-words text-slate-800">{value}</dd>
        </div>
      ))}
      {quote.notes ? (
        <div className="sm:col-span-2">
          <dt className="text-xs font-medium text-slate-500">Notes</dt>
          <dd className="whitespace-pre-line text-slate-800">{quote.notes}</dd>
        </div>
      ) : null}
    </dl>
  );
};

/**
 * The draft's title, validity, PO number, notes and the customer and company it is addressed
 * to (blank: the event's contact and company). Saved together, priced again by the server.
 */
export const QuoteDetails = ({ quote, editable }: { quote: EditorQuote; editable: boolean }) => {
  const id = useId();
  const { accountId, eventId, run, busy } = useEditor();
  const [open, setOpen] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);

  if (!editable || !open) {
    return (
      <div className="space-y-3">
        <Summary quote={quote} />
        {editable ? (
          <Button size="sm" variant="secondary" className={touchTarget} disabled={busy} onClick={() => setOpen(true)}>
            Edit customer and terms
          </Button>
        ) : null}
      </div>
    );
  }

  const values = currentValues(quote);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    // Empty clears a field (the contact's and company's own details show again); the schema trims.
    const patch = Object.fromEntries(fields.map((field) => [field, String(form.get(field) ?? "").trim() || null]));
    const result = await run(() => updateQuoteAction(accountId, eventId, quote.id, patch), { quiet: true });
    if (result.ok) {
      setOpen(false);
      setErrors({});
      setMessage(null);
      return;
    }
    setErrors(result.errors);
    setMessage(fields.some((field) => result.errors[field]) ? null : result.message);
  };

  const input = (field: DetailField, label: string, extra: Record<string, unknown> = {}) => (
    <Input id={`${id}-${field}`} name={field} label={label} defaultValue={values[field]} error={errors[field]} {...extra} />
  );
  return (
    <form onSubmit={submit} className="space-y-4" noValidate aria-label="Customer and terms">
      <div className={`grid grid-cols-1 gap-4 sm:grid-cols-2 ${touchFields}`}>
        {input("name", "Quote title", { placeholder: "The event's name" })}
        {input("valid_until", "Valid until", { type: "date", hint: "Empty: the quote never expires." })}
        {input("customer_first_name", "Customer first name", { placeholder: quote.customer.first_name ?? "" })}
        {input("customer_last_name", "Customer last name", { placeholder: quote.customer.last_name ?? "" })}
        {input("customer_email", "Customer email", { type: "email", placeholder: quote.customer.email ?? "", hint: "Blank: the event contact's." })}
        {input("po_number", "PO number")}
        {input("company_name", "Company name", { placeholder: quote.company?.name ?? "" })}
        {input("company_vat_number", "Company VAT number", { placeholder: quote.company?.vat_number ?? "" })}
      </div>
      <Textarea id={`${id}-notes`} name="notes" label="Notes" rows={3} defaultValue={values.notes} error={errors.notes} hint="Shown on the quote." />
      {message ? <StatusMessage tone="error">{message}</StatusMessage> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" className={touchTarget} disabled={busy}>
          {busy ? "Saving…" : "Save details"}
        </Button>
        <Button size="sm" variant="ghost" className={touchTarget} onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
};
