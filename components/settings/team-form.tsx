"use client";

import { usePortalForm } from "@/components/ui/use-portal-form";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { valueOf, type FormAction } from "@/lib/portal/form-state";
import { FormActions } from "./form-actions";
import { FormMessage } from "./form-message";

type Team = { name: string; description: string | null; allow_auto_assign: boolean };

export const TeamForm = ({ action, team, submitLabel, cancelHref }: { action: FormAction; team?: Team; submitLabel: string; cancelHref?: string }) => {
  const [state, formAction] = usePortalForm(action);
  const autoAssign = state.values ? state.values.allow_auto_assign === "on" : (team?.allow_auto_assign ?? true);
  return (
    <form action={formAction} noValidate className="space-y-5">
      <FormMessage state={state} />
      <Input
        label="Team name"
        name="name"
        required
        autoComplete="off"
        defaultValue={valueOf(state, "name", team?.name)}
        error={state.errors.name}
        hint="Stored in lower case, as Chatwoot does; each name once per account."
      />
      <Textarea
        label="Description"
        name="description"
        rows={3}
        defaultValue={valueOf(state, "description", team?.description)}
        error={state.errors.description}
      />
      <Checkbox
        key={String(autoAssign)}
        label="Assign conversations automatically"
        name="allow_auto_assign"
        defaultChecked={autoAssign}
        hint="A conversation handed to the team goes to one of its available members."
      />
      <FormActions submitLabel={submitLabel} cancelHref={cancelHref} />
    </form>
  );
};
