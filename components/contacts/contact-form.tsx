"use client";

import { usePortalForm } from "@/components/ui/use-portal-form";
import { FormActions } from "@/components/settings/form-actions";
import { FormMessage } from "@/components/settings/form-message";
import { Input } from "@/components/ui/input";
import { valueOf, type FormAction } from "@/lib/portal/form-state";

export type ContactFormValues = {
  name: string;
  email: string | null;
  phone_number: string | null;
  company_name: string | null;
  city: string | null;
};

/** The contact's details; the service's rules (e164 phone numbers, unique emails) come back beside each field. */
export const ContactForm = ({ action, contact }: { action: FormAction; contact: ContactFormValues }) => {
  const [state, formAction] = usePortalForm(action);
  return (
    <form action={formAction} noValidate className="space-y-5">
      <FormMessage state={state} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Input label="Name" name="name" autoComplete="off" defaultValue={valueOf(state, "name", contact.name)} error={state.errors.name} />
        <Input
          label="Email"
          name="email"
          type="email"
          autoComplete="off"
          defaultValue={valueOf(state, "email", contact.email)}
          error={state.errors.email}
        />
        <Input
          label="Phone number"
          name="phone_number"
          type="tel"
          autoComplete="off"
          placeholder="+31612345678"
          defaultValue={valueOf(state, "phone_number", contact.phone_number)}
          error={state.errors.phone_number}
          hint="International format: a + and the country code, digits only."
        />
        <Input
          label="Company"
          name="company_name"
          autoComplete="off"
          defaultValue={valueOf(state, "company_name", contact.company_name)}
          error={state.errors.company_name}
        />
        <Input label="City" name="city" autoComplete="off" defaultValue={valueOf(state, "city", contact.city)} error={state.errors.city} />
      </div>
      <FormActions submitLabel="Save contact" />
    </form>
  );
};
