"use client";

import { usePortalForm } from "@/components/ui/use-portal-form";
import { Input } from "@/components/ui/input";
import { Select, type SelectOption } from "@/components/ui/select";
import { valueOf, type FormAction } from "@/lib/portal/form-state";
import { FormActions } from "./form-actions";
import { FormMessage } from "./form-message";

type Account = { name: string; locale: string; support_email: string | null; timezone: string | null };

export const AccountForm = ({
  action,
  account,
  locales,
  timeZones,
}: {
  action: FormAction;
  account: Account;
  locales: SelectOption[];
  timeZones: SelectOption[];
}) => {
  const [state, formAction] = usePortalForm(action);
  return (
    <form action={formAction} noValidate className="space-y-5">
      <FormMessage state={state} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Input
          label="Account name"
          name="name"
          required
          autoComplete="organization"
          defaultValue={valueOf(state, "name", account.name)}
          error={state.errors.name}
        />
        <Input
          label="Support email"
          name="support_email"
          type="email"
          autoComplete="email"
          defaultValue={valueOf(state, "support_email", account.support_email)}
          error={state.errors.support_email}
          hint="Replies to guests come from this address. Leave empty for none."
        />
        <Select
          label="Language"
          name="locale"
          options={locales}
          defaultValue={valueOf(state, "locale", account.locale)}
          error={state.errors.locale}
        />
        <Select
          label="Time zone"
          name="timezone"
          options={timeZones}
          defaultValue={valueOf(state, "timezone", account.timezone)}
          error={state.errors.timezone}
          hint="Used for schedules, bookings and reports."
        />
      </div>
      <FormActions submitLabel="Save changes" />
    </form>
  );
};
