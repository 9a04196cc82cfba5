"use client";

import { usePortalForm } from "@/components/ui/use-portal-form";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { valueOf, type FormAction } from "@/lib/portal/form-state";
import { FormActions } from "./form-actions";
import { FormMessage } from "./form-message";

type Profile = { name: string; display_name: string | null; email: string; message_signature: string | null };

export const ProfileForm = ({ action, profile }: { action: FormAction; profile: Profile }) => {
  const [state, formAction] = usePortalForm(action);
  return (
    <form action={formAction} noValidate className="space-y-5">
      <FormMessage state={state} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Input label="Full name" name="name" required autoComplete="name" defaultValue={valueOf(state, "name", profile.name)} error={state.errors.name} />
        <Input
          label="Display name"
          name="display_name"
          autoComplete="nickname"
          defaultValue={valueOf(state, "display_name", profile.display_name)}
          error={state.errors.display_name}
          hint="What guests see in conversations. Leave empty to use your full name."
        />
        <Input
          label="Email"
          name="email"
          type="email"
          required
          autoComplete="email"
          defaultValue={valueOf(state, "email", profile.email)}
          error={state.errors.email}
          hint="You sign in with this address."
        />
      </div>
      <Textarea
        label="Message signature"
        name="message_signature"
        rows={3}
        defaultValue={valueOf(state, "message_signature", profile.message_signature)}
        error={state.errors.message_signature}
        hint="Added below your replies when you choose to sign them."
      />
      <FormActions submitLabel="Save profile" />
    </form>
  );
};
