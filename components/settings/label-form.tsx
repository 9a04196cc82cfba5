"use client";

import { usePortalForm } from "@/components/ui/use-portal-form";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { valueOf, type FormAction } from "@/lib/portal/form-state";
import { FormActions } from "./form-actions";
import { FormMessage } from "./form-message";

type Label = { title: string; description: string | null; color: string; show_on_sidebar: boolean };

export const LabelForm = ({ action, label, submitLabel, cancelHref }: { action: FormAction; label?: Label; submitLabel: string; cancelHref: string }) => {
  const [state, formAction] = usePortalForm(action);
  const onSidebar = state.values ? state.values.show_on_sidebar === "on" : (label?.show_on_sidebar ?? true);
  return (
    <form action={formAction} noValidate className="space-y-5">
      <FormMessage state={state} />
      <div className="grid gap-5 sm:grid-cols-[1fr_auto]">
        <Input
          label="Title"
          name="title"
          required
          autoComplete="off"
          spellCheck={false}
          defaultValue={valueOf(state, "title", label?.title)}
          error={state.errors.title}
          hint="Letters, digits, - and _; stored in lower case. Renaming updates every conversation and contact that has it."
        />
        <Input
          label="Colour"
          name="color"
          type="color"
          className="sm:w-32"
          defaultValue={valueOf(state, "color", label?.color ?? "#1f93ff")}
          error={state.errors.color}
        />
      </div>
      <Textarea
        label="Description"
        name="description"
        rows={3}
        defaultValue={valueOf(state, "description", label?.description)}
        error={state.errors.description}
      />
      <Checkbox
        key={String(onSidebar)}
        label="Show on the sidebar"
        name="show_on_sidebar"
        defaultChecked={onSidebar}
        hint="Lists the label's conversations as a shortcut in the conversations sidebar."
      />
      <FormActions submitLabel={submitLabel} cancelHref={cancelHref} />
    </form>
  );
};
