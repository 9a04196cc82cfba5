"use client";

import { usePortalForm } from "@/components/ui/use-portal-form";
import { Input } from "@/components/ui/input";
import type { FormAction } from "@/lib/portal/form-state";
import { FormActions } from "./form-actions";
import { FormMessage } from "./form-message";

export const PasswordForm = ({ action }: { action: FormAction }) => {
  const [state, formAction] = usePortalForm(action);
  return (
    <form action={formAction} noValidate className="space-y-5">
      <FormMessage state={state} />
      <div className="grid gap-5 sm:grid-cols-3">
        <Input
          label="Current password"
          name="current_password"
          type="password"
          required
          autoComplete="current-password"
          error={state.errors.current_password}
        />
        <Input label="New password" name="password" type="password" required autoComplete="new-password" error={state.errors.password} />
        <Input
          label="Confirm new password"
          name="password_confirmation"
          type="password"
          required
          autoComplete="new-password"
          error={state.errors.password_confirmation}
        />
      </div>
      <FormActions submitLabel="Change password" />
    </form>
  );
};
