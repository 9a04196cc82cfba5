"use client";

import Link from "next/link";
import { usePortalForm } from "@/components/ui/use-portal-form";
import type { PlanningEventStatus } from "@/db/schema";
import { FormActions } from "@/components/settings/form-actions";
import { FormMessage } from "@/components/settings/form-message";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { valueOf, type FormAction } from "@/lib/portal/form-state";
import type { PickerOption } from "@/lib/portal/actions/events";
import type { Outcome } from "@/lib/portal/outcome";
import { eventStatusLabels } from "@/lib/format/labels";
import { RecordPicker } from "./record-picker";

export type EventFormValues = {
  name: string;
  status: PlanningEventStatus;
  attendees_count: number | null;
  currency: string;
  contact: PickerOption | null;
  company: PickerOption | null;
  description: string | null;
  notes: string | null;
};

type Pickers = {
  searchContacts: (q: string) => Promise<Outcome<{ options: PickerOption[] }>>;
  searchCompanies: (q: string) => Promise<Outcome<{ options: PickerOption[] }>>;
  createCompany: (input: { name: string }) => Promise<Outcome<{ option: PickerOption }>>;
};

const statusOptions = Object.entries(eventStatusLabels).map(([value, label]) => ({ value, label }));

export const EventForm = ({
  action,
  event,
  defaultCurrency,
  currencies,
  pickers,
  conversation,
  submitLabel,
  cancelHref,
}: {
  action: FormAction;
  event?: EventFormValues;
  /** A new event started from a conversation: it names the conversation (sent as `conversation_id`). */
  conversation?: { id: number; href: string } | null;
  defaultCurrency: string;
  currencies: string[];
  pickers: Pickers;
  submitLabel: string;
  cancelHref?: string;
}) => {
  const [state, formAction] = usePortalForm(action);
  return (
    <form action={formAction} noValidate className="space-y-5">
      <FormMessage state={state} />
      {conversation ? (
        <p className="rounded-md bg-indigo-50 px-3 py-2 text-sm text-indigo-900">
          <input type="hidden" name="conversation_id" value={conversation.id} />
          Started from{" "}
          <Link href={conversation.href} className="rounded font-medium text-indigo-700 underline-offset-2 hover:underline">
            conversation #{conversation.id}
          </Link>
          ; the event will link back to it.
          {state.errors.conversation_id ? <span className="mt-1 block text-red-700">{state.errors.conversation_id}</span> : null}
        </p>
      ) : null}
      {/* On a phone the inputs and buttons are finger-sized (40 px); the shared sizes suit a pointer. */}
      <div className="grid gap-5 sm:grid-cols-2 max-sm:[&_input]:h-10 max-sm:[&_select]:h-10">
        <Input
          label="Name"
          name="name"
          required
          autoComplete="off"
          defaultValue={valueOf(state, "name", event?.name)}
          error={state.errors.name}
          className="sm:col-span-2"
        />
        <Select
          label="Status"
          name="status"
          options={statusOptions}
          defaultValue={valueOf(state, "status", event?.status ?? "lead")}
          error={state.errors.status}
          hint="Lead → tentative → definite; or lost or cancelled."
        />
        <div className="grid grid-cols-2 gap-4">
          <Input
            label="Attendees"
            name="attendees_count"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            defaultValue={valueOf(state, "attendees_count", event?.attendees_count?.toString())}
            error={state.errors.attendees_count}
          />
          <Input
            label="Currency"
            name="currency"
            list="event-currencies"
            autoComplete="off"
            spellCheck={false}
            maxLength={3}
            defaultValue={valueOf(state, "currency", event?.currency ?? defaultCurrency)}
            error={state.errors.currency}
            hint="ISO 4217, e.g. EUR"
            className="[&_input]:uppercase"
          />
          <datalist id="event-currencies">
            {currencies.map((code) => (
              <option key={code} value={code} />
            ))}
          </datalist>
        </div>
        {/* The pickers keep their own state; a failed submit leaves them as chosen. */}
        <RecordPicker
          name="contact_id"
          label="Contact"
          initial={event?.contact ?? null}
          search={pickers.searchContacts}
          placeholder="Search by name, email or phone"
          error={state.errors.contact_id}
        />
        <RecordPicker
          name="company_id"
          label="Company"
          initial={event?.company ?? null}
          search={pickers.searchCompanies}
          create={{ noun: "company", run: (name) => pickers.createCompany({ name }) }}
          placeholder="Search or add a company"
          error={state.errors.company_id}
        />
        <Textarea
          label="Description"
          name="description"
          rows={2}
          defaultValue={valueOf(state, "description", event?.description)}
          error={state.errors.description}
          className="sm:col-span-2"
        />
        <Textarea
          label="Notes"
          name="notes"
          rows={4}
          defaultValue={valueOf(state, "notes", event?.notes)}
          error={state.errors.notes}
          hint="For the team: catering, set-up, what the client asked for."
          className="sm:col-span-2"
        />
      </div>
      <div className="max-sm:[&_a]:h-10 max-sm:[&_button]:h-10">
        <FormActions submitLabel={submitLabel} cancelHref={cancelHref} />
      </div>
    </form>
  );
};
