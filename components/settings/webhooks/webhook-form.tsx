"use client";

import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Select, type SelectOption } from "@/components/ui/select";
import { usePortalForm } from "@/components/ui/use-portal-form";
import { valueOf, type FormAction, type FormState } from "@/lib/portal/form-state";
import { FormActions } from "../form-actions";
import { FormMessage } from "../form-message";
import { eventGroups } from "./events";

type Webhook = { url: string; name: string | null; inbox: { id: number } | null; subscriptions: string[] };

/** Ticked events: what was sent after a failed submit, else the webhook's (or the defaults on a new one). */
const ticked = (state: FormState, stored: readonly string[]) => (state.values ? (state.values.subscriptions ?? "").split(",").filter(Boolean) : [...stored]);

const Subscriptions = ({ selected, error }: { selected: string[]; error?: string }) => (
  <fieldset
    // Remounts with what the server sent back, so the boxes show it after a failed submit.
    key={selected.join(",")}
    aria-describedby={["subscriptions-hint", error ? "subscriptions-error" : null].filter(Boolean).join(" ")}
    aria-invalid={error ? true : undefined}
    className="space-y-3"
  >
    <legend className="text-sm font-medium text-slate-800">Events</legend>
    <p id="subscriptions-hint" className="-mt-1 text-xs text-slate-500">
      Choose at least one. Each is sent as a POST with the event&apos;s name in its <code className="font-mono">event</code> field.
    </p>
    <div className="grid gap-x-6 gap-y-5 sm:grid-cols-2 lg:grid-cols-3">
      {eventGroups.map((group) => (
        <fieldset key={group.title} className="space-y-2.5">
          <legend className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{group.title}</legend>
          {group.events.map((event) => (
            <Checkbox
              key={event.name}
              id={`subscription-${event.name}`}
              name="subscriptions"
              value={event.name}
              label={event.name}
              hint={event.description}
              defaultChecked={selected.includes(event.name)}
            />
          ))}
        </fieldset>
      ))}
    </div>
    {error ? (
      <p id="subscriptions-error" className="text-sm text-red-700">
        {error}
      </p>
    ) : null}
  </fieldset>
);

/** A webhook's address, name, inbox scope and events; `defaults` are the events ticked on a new one. */
export const WebhookForm = ({
  action,
  webhook,
  defaults,
  inboxes,
  submitLabel,
  cancelHref,
}: {
  action: FormAction;
  webhook?: Webhook;
  defaults: readonly string[];
  inboxes: SelectOption[];
  submitLabel: string;
  cancelHref: string;
}) => {
  const [state, formAction] = usePortalForm(action);
  return (
    <form action={formAction} noValidate className="space-y-6">
      <FormMessage state={state} />
      <Input
        label="URL"
        name="url"
        type="url"
        inputMode="url"
        required
        autoComplete="off"
        spellCheck={false}
        placeholder="https://"
        maxLength={2000}
        className="[&_input]:font-mono"
        defaultValue={valueOf(state, "url", webhook?.url)}
        error={state.errors.url}
        hint="Where the events are sent. It must be reachable from the internet; private and loopback addresses are refused."
      />
      <Input
        label="Name"
        name="name"
        autoComplete="off"
        maxLength={255}
        defaultValue={valueOf(state, "name", webhook?.name)}
        error={state.errors.name}
        hint="Optional: to tell your webhooks apart."
      />
      <Select
        label="Inbox"
        name="inbox_id"
        options={[{ value: "", label: "All inboxes" }, ...inboxes]}
        defaultValue={valueOf(state, "inbox_id", webhook?.inbox ? String(webhook.inbox.id) : "")}
        error={state.errors.inbox_id}
        hint="Send only the events of one inbox's conversations and messages. Contact, planning and quote events belong to no inbox and are then not sent."
      />
      <Subscriptions selected={ticked(state, webhook?.subscriptions ?? defaults)} error={state.errors.subscriptions} />
      <FormActions submitLabel={submitLabel} cancelHref={cancelHref} />
    </form>
  );
};
