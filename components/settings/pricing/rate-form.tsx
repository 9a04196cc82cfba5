"use client";

import { usePortalForm } from "@/components/ui/use-portal-form";
import { useState } from "react";
import { FormActions } from "@/components/settings/form-actions";
import { FormMessage } from "@/components/settings/form-message";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { valueOf, type FormAction, type FormState } from "@/lib/portal/form-state";
import type { SpaceOption } from "./clause-editor";
import { categoryLabels, editableDecimal, options, unitHints, unitLabels, type RateCategory, type RateUnit } from "./pricing-format";

export type RateFormValues = { name: string; unit: RateUnit; amount: string; tax_rate: string; category: RateCategory; space_id: string | null; active: boolean };

const ticked = (state: FormState, name: string, stored: boolean) => (state.values ? state.values[name] === "on" : stored);

export const RateForm = ({
  action,
  rate,
  spaces,
  submitLabel,
  cancelHref,
}: {
  action: FormAction;
  rate?: RateFormValues;
  spaces: SpaceOption[];
  submitLabel: string;
  cancelHref: string;
}) => {
  const [state, formAction] = usePortalForm(action);
  const [unit, setUnit] = useState(valueOf(state, "unit", rate?.unit ?? "hour") as RateUnit);
  /**
   * React applies a select's defaultValue only when it mounts, and the form resets to it after
   * a failed submit: keyed by the value sent, each select mounts again showing what was sent.
   */
  const unitSent = valueOf(state, "unit", rate?.unit ?? "hour");
  const categorySent = valueOf(state, "category", rate?.category ?? "space");
  const spaceSent = valueOf(state, "space_id", rate?.space_id);
  const active = ticked(state, "active", rate?.active ?? true);
  // A stored space that is no longer listed (never expected: its rates go with it) stays choosable.
  const spaceOptions = [
    { value: "", label: "Any space" },
    ...spaces.map((space) => ({ value: space.id, label: `${"\u2003".repeat(space.depth)}${space.name}` })),
  ];
  return (
    <form action={formAction} noValidate className="space-y-5">
      <FormMessage state={state} />
      <Input
        label="Name"
        name="name"
        required
        autoComplete="off"
        defaultValue={valueOf(state, "name", rate?.name)}
        error={state.errors.name}
        hint="As it appears on quote lines, e.g. “Room hire per hour”."
      />
      <div className="grid gap-5 sm:grid-cols-3">
        <Select
          label="Unit"
          name="unit"
          options={options(unitLabels)}
          key={`unit:${unitSent}`}
          defaultValue={unitSent}
          onChange={(event) => setUnit(event.target.value as RateUnit)}
          error={state.errors.unit}
          hint={unitHints[unit]}
        />
        <Input
          label="Amount"
          name="amount"
          required
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          defaultValue={valueOf(state, "amount", editableDecimal(rate?.amount))}
          error={state.errors.amount}
          hint="Per unit, excluding tax, in the event's currency."
        />
        <Input
          label="Tax rate (%)"
          name="tax_rate"
          inputMode="decimal"
          autoComplete="off"
          defaultValue={valueOf(state, "tax_rate", rate ? editableDecimal(rate.tax_rate, 0) : "0")}
          error={state.errors.tax_rate}
          hint="For example 21 or 5.5."
        />
        <Select
          label="Category"
          name="category"
          options={options(categoryLabels)}
          key={`category:${categorySent}`}
          defaultValue={categorySent}
          error={state.errors.category}
          hint="Groups the line on quotes."
        />
        <Select
          label="Space"
          name="space_id"
          options={spaceOptions}
          key={`space:${spaceSent}`}
          defaultValue={spaceSent}
          error={state.errors.space_id}
          hint="A rule only prices a booking with this rate in this space."
          className="sm:col-span-2"
        />
      </div>
      <Checkbox
        key={`active-${active}`}
        label="Active"
        name="active"
        defaultChecked={active}
        hint="Inactive rates stay on record, but no rule prices with them."
      />
      <FormActions submitLabel={submitLabel} cancelHref={cancelHref} />
    </form>
  );
};
