"use client";

import { usePortalForm } from "@/components/ui/use-portal-form";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { valueOf, type FormAction } from "@/lib/portal/form-state";
import { FormActions } from "./form-actions";
import { FormMessage } from "./form-message";

type Bot = { name: string; description: string | null; outgoing_url: string | null; thumbnail: string | null };

export const AgentBotForm = ({
  action,
  bot,
  submitLabel,
  cancelHref,
}: {
  action: FormAction;
  bot?: Bot;
  submitLabel: string;
  cancelHref: string;
}) => {
  const [state, formAction] = usePortalForm(action);
  return (
    <form action={formAction} noValidate className="space-y-5">
      <FormMessage state={state} />
      <Input label="Name" name="name" required autoComplete="off" defaultValue={valueOf(state, "name", bot?.name)} error={state.errors.name} />
      <Textarea
        label="Description"
        name="description"
        rows={3}
        defaultValue={valueOf(state, "description", bot?.description)}
        error={state.errors.description}
      />
      <Input
        label="Outgoing URL"
        name="outgoing_url"
        type="url"
        inputMode="url"
        placeholder="https://"
        defaultValue={valueOf(state, "outgoing_url", bot?.outgoing_url)}
        error={state.errors.outgoing_url}
        hint="The bot's webhook address: where conversation events for this bot are to be delivered."
      />
      <Input
        label="Avatar URL"
        name="avatar_url"
        type="url"
        inputMode="url"
        placeholder="https://"
        defaultValue={valueOf(state, "avatar_url", bot?.thumbnail)}
        error={state.errors.avatar_url}
      />
      <FormActions submitLabel={submitLabel} cancelHref={cancelHref} />
    </form>
  );
};
