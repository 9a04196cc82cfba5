"use client";

import { Checkbox } from "@/components/ui/checkbox";
import { usePortalForm } from "@/components/ui/use-portal-form";
import type { FormAction } from "@/lib/portal/form-state";
import { FormActions } from "./form-actions";
import { FormMessage } from "./form-message";

/** Every notification type, in words: what ticking its box emails. */
const choices = [
  { flag: "email_conversation_assignment", label: "A conversation is assigned to me" },
  { flag: "email_assigned_conversation_new_message", label: "A new message in a conversation assigned to me", hint: "Can be many emails a day." },
  { flag: "email_conversation_mention", label: "Someone mentions me in a private note" },
  { flag: "email_quote_viewed", label: "A customer opens a quote of mine" },
  { flag: "email_quote_accepted", label: "A customer accepts a quote of mine" },
  { flag: "email_quote_rejected", label: "A customer declines a quote of mine" },
  { flag: "email_hold_expiring", label: "A hold of my event lapses within a day" },
  { flag: "email_allocation_conflict", label: "A hold of my event can no longer be confirmed" },
] as const;

export const NotificationEmailsForm = ({ action, selected }: { action: FormAction; selected: readonly string[] }) => {
  const [state, formAction] = usePortalForm(action);
  const ticked = state.values?.email_flags === undefined ? new Set(selected) : new Set(state.values.email_flags.split(","));
  return (
    <form action={formAction} noValidate className="space-y-5">
      <FormMessage state={state} />
      <fieldset className="space-y-3">
        <legend className="sr-only">Email me when</legend>
        {choices.map((choice) => (
          <Checkbox
            key={choice.flag}
            id={`notify-${choice.flag}`}
            name="email_flags"
            value={choice.flag}
            label={choice.label}
            hint={"hint" in choice ? choice.hint : undefined}
            defaultChecked={ticked.has(choice.flag)}
          />
        ))}
      </fieldset>
      <FormActions submitLabel="Save email notifications" />
    </form>
  );
};
