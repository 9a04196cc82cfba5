"use client";

import { usePortalForm } from "@/components/ui/use-portal-form";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { valueOf, type FormAction } from "@/lib/portal/form-state";
import { FormActions } from "./form-actions";
import { FormMessage } from "./form-message";

const roleOptions = [
  { value: "agent", label: "Agent" },
  { value: "administrator", label: "Administrator" },
];
const availabilityOptions = [
  { value: "online", label: "Online" },
  { value: "busy", label: "Busy" },
  { value: "offline", label: "Offline" },
];

type Agent = { name: string; email: string; role: string; availability: string; auto_offline: boolean };

type Props = {
  action: FormAction;
  /** The agent being edited; absent when inviting someone. */
  agent?: Agent;
  submitLabel: string;
  cancelHref: string;
};

/** Invites a member (name, email, first password) or edits one (name, role, availability). */
export const AgentForm = ({ action, agent, submitLabel, cancelHref }: Props) => {
  const [state, formAction] = usePortalForm(action);
  const autoOffline = state.values ? state.values.auto_offline === "on" : (agent?.auto_offline ?? true);
  return (
    <form action={formAction} noValidate className="space-y-5">
      <FormMessage state={state} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Input label="Name" name="name" required autoComplete="off" defaultValue={valueOf(state, "name", agent?.name)} error={state.errors.name} />
        {agent ? (
          <Input label="Email" name="email" disabled defaultValue={agent.email} hint="People change their email on their own profile." />
        ) : (
          <Input
            label="Email"
            name="email"
            type="email"
            required
            autoComplete="off"
            defaultValue={valueOf(state, "email")}
            error={state.errors.email}
            hint="Someone who already has a Venuedesk login joins with it."
          />
        )}
        <Select
          label="Role"
          name="role"
          options={roleOptions}
          defaultValue={valueOf(state, "role", agent?.role ?? "agent")}
          error={state.errors.role}
          hint="Administrators manage settings, agents and bots."
        />
        <Select
          label="Availability"
          name="availability"
          options={availabilityOptions}
          defaultValue={valueOf(state, "availability", agent?.availability ?? "online")}
          error={state.errors.availability}
        />
        {agent ? null : (
          <Input
            label="First password"
            name="password"
            type="password"
            autoComplete="new-password"
            error={state.errors.password}
            hint="Optional. Venuedesk sends no invitation email, so give them this password yourself."
          />
        )}
      </div>
      <Checkbox
        key={String(autoOffline)}
        label="Go offline automatically"
        name="auto_offline"
        defaultChecked={autoOffline}
        hint="Marks them offline when they close Venuedesk."
      />
      <FormActions submitLabel={submitLabel} cancelHref={cancelHref} />
    </form>
  );
};
