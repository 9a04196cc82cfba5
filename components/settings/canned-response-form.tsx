"use client";

import { usePortalForm } from "@/components/ui/use-portal-form";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { valueOf, type FormAction } from "@/lib/portal/form-state";
import { FormActions } from "./form-actions";
import { FormMessage } from "./form-message";

type Props = {
  action: FormAction;
  initial?: { short_code: string; content: string };
  submitLabel: string;
  cancelHref: string;
};

export const CannedResponseForm = ({ action, initial, submitLabel, cancelHref }: Props) => {
  const [state, formAction] = usePortalForm(action);
  return (
    <form action={formAction} noValidate className="space-y-5">
      <FormMessage state={state} />
      <Input
        label="Short code"
        name="short_code"
        required
        autoComplete="off"
        spellCheck={false}
        defaultValue={valueOf(state, "short_code", initial?.short_code)}
        error={state.errors.short_code}
        hint="Agents type / and this code to insert the reply. One word, no spaces."
      />
      <Textarea
        label="Content"
        name="content"
        required
        rows={6}
        defaultValue={valueOf(state, "content", initial?.content)}
        error={state.errors.content}
        hint="The reply as it is inserted. {{contact.name}} and similar placeholders are kept as written."
      />
      <FormActions submitLabel={submitLabel} cancelHref={cancelHref} />
    </form>
  );
};
