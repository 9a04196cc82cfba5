"use client";

import { usePortalForm } from "@/components/ui/use-portal-form";
import { useState } from "react";
import { FormActions } from "@/components/settings/form-actions";
import { FormMessage } from "@/components/settings/form-message";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { valueOf, type FormAction, type FormState } from "@/lib/portal/form-state";
import { discountTypeLabels, editableDecimal, options, type DiscountType } from "./pricing-format";

export type DiscountCodeFormValues = {
  name: string;
  code: string;
  discount_type: DiscountType;
  value: string;
  active: boolean;
  valid_until: string | null;
  max_redemptions: number | null;
  redemptions_count: number;
};

const ticked = (state: FormState, name: string, stored: boolean) => (state.values ? state.values[name] === "on" : stored);

export const DiscountCodeForm = ({
  action,
  code,
  submitLabel,
  cancelHref,
}: {
  action: FormAction;
  code?: DiscountCodeFormValues;
  submitLabel: string;
  cancelHref: string;
}) => {
  const [state, formAction] = usePortalForm(action);
  const [type, setType] = useState(valueOf(state, "discount_type", code?.discount_type ?? "percentage") as DiscountType);
  const active = ticked(state, "active", code?.active ?? true);
  return (
    <form action={formAction} noValidate className="space-y-5">
      <FormMessage state={state} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Input
          label="Code"
          name="code"
          required
          autoComplete="off"
          spellCheck={false}
          defaultValue={valueOf(state, "code", code?.code)}
          error={state.errors.code}
          hint="What the customer or planner types in; no spaces. Unique, ignoring upper and lower case."
          className="[&_input]:font-mono"
        />
        <Input
          label="Name"
          name="name"
          required
          autoComplete="off"
          defaultValue={valueOf(state, "name", code?.name)}
          error={state.errors.name}
          hint="Shown on the quote's discount line, e.g. “Returning customer”."
        />
        <Select
          label="Type"
          name="discount_type"
          options={options(discountTypeLabels)}
          // React applies a select's defaultValue only when it mounts, and the form resets to it after a failed submit: keyed by the value sent, it mounts again showing it.
          key={`discount_type:${valueOf(state, "discount_type", code?.discount_type ?? "percentage")}`}
          defaultValue={valueOf(state, "discount_type", code?.discount_type ?? "percentage")}
          onChange={(event) => setType(event.target.value as DiscountType)}
          error={state.errors.discount_type}
        />
        <Input
          label={type === "percentage" ? "Value (%)" : "Value (amount)"}
          name="value"
          required
          inputMode="decimal"
          autoComplete="off"
          defaultValue={valueOf(state, "value", editableDecimal(code?.value, type === "percentage" ? 0 : 2))}
          error={state.errors.value}
          hint={type === "percentage" ? "Percent off the subtotal, up to 100." : "Taken off the subtotal, in the quote's currency; never more than the subtotal."}
        />
        <Input
          label="Valid until"
          name="valid_until"
          type="date"
          defaultValue={valueOf(state, "valid_until", code?.valid_until)}
          error={state.errors.valid_until}
          hint="The last day it can be used. Empty: it does not expire."
        />
        <Input
          label="Maximum redemptions"
          name="max_redemptions"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          defaultValue={valueOf(state, "max_redemptions", code?.max_redemptions === null || code?.max_redemptions === undefined ? "" : String(code.max_redemptions))}
          error={state.errors.max_redemptions}
          hint={code ? `Used ${code.redemptions_count} time${code.redemptions_count === 1 ? "" : "s"} so far. Empty: no limit.` : "Empty: no limit."}
        />
      </div>
      <Checkbox key={`active-${active}`} label="Active" name="active" defaultChecked={active} hint="Inactive codes are refused on quotes." />
      <FormActions submitLabel={submitLabel} cancelHref={cancelHref} />
    </form>
  );
};
