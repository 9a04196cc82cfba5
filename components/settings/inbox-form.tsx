"use client";

import { usePortalForm } from "@/components/ui/use-portal-form";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Select, type SelectOption } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { valueOf, type FormAction, type FormState } from "@/lib/portal/form-state";
import { FormActions } from "./form-actions";
import { FormMessage } from "./form-message";

export type InboxSettings = {
  name: string;
  channel_type: string;
  greeting_enabled: boolean;
  greeting_message: string | null;
  timezone: string;
  working_hours_enabled: boolean;
  webhook_url: string | null;
  hmac_mandatory: boolean;
  website_url: string | null;
  widget_color: string | null;
};

/** After a failed submit the ticks are what was sent; otherwise what is stored. */
const ticked = (state: FormState, name: string, stored: boolean) => (state.values ? state.values[name] === "on" : stored);

export const InboxForm = ({ action, inbox, timeZones }: { action: FormAction; inbox: InboxSettings; timeZones: SelectOption[] }) => {
  const [state, formAction] = usePortalForm(action);
  const api = inbox.channel_type === "Channel::Api";
  const boxes = {
    greeting: ticked(state, "greeting_enabled", inbox.greeting_enabled),
    hours: ticked(state, "working_hours_enabled", inbox.working_hours_enabled),
    hmac: ticked(state, "channel.hmac_mandatory", inbox.hmac_mandatory),
  };
  return (
    <form action={formAction} noValidate className="space-y-5">
      <FormMessage state={state} />
      {/* Says which channel's settings this form has: the action sends only those. */}
      <input type="hidden" name="channel.type" value={inbox.channel_type} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Input label="Inbox name" name="name" required autoComplete="off" defaultValue={valueOf(state, "name", inbox.name)} error={state.errors.name} />
        <Select
          label="Time zone"
          name="timezone"
          options={timeZones}
          defaultValue={valueOf(state, "timezone", inbox.timezone)}
          error={state.errors.timezone}
          hint="Working hours are read in this time zone."
        />
        {api ? (
          <Input
            label="Webhook URL"
            name="channel.webhook_url"
            type="url"
            inputMode="url"
            placeholder="https://"
            className="sm:col-span-2"
            defaultValue={valueOf(state, "channel.webhook_url", inbox.webhook_url)}
            error={state.errors["channel.webhook_url"]}
            hint="The address this inbox's events are to be delivered to. Leave empty for none."
          />
        ) : (
          <>
            <Input
              label="Website URL"
              name="channel.website_url"
              type="url"
              inputMode="url"
              required
              defaultValue={valueOf(state, "channel.website_url", inbox.website_url)}
              error={state.errors["channel.website_url"]}
            />
            <Input
              label="Widget colour"
              name="channel.widget_color"
              type="color"
              className="sm:w-32"
              defaultValue={valueOf(state, "channel.widget_color", inbox.widget_color ?? "#1f93ff")}
              error={state.errors["channel.widget_color"]}
            />
          </>
        )}
      </div>
      <Checkbox
        key={`greeting-${boxes.greeting}`}
        label="Send a greeting"
        name="greeting_enabled"
        defaultChecked={boxes.greeting}
        hint="Stored with the inbox and shown to Client API callers (greeting_enabled)."
      />
      <Textarea
        label="Greeting message"
        name="greeting_message"
        rows={3}
        defaultValue={valueOf(state, "greeting_message", inbox.greeting_message)}
        error={state.errors.greeting_message}
      />
      <Checkbox
        key={`hours-${boxes.hours}`}
        label="Working hours"
        name="working_hours_enabled"
        defaultChecked={boxes.hours}
        hint="Stored with the inbox and shown to Client API callers (working_hours_enabled)."
      />
      {api ? (
        <Checkbox
          key={`hmac-${boxes.hmac}`}
          label="Require verified identities (HMAC)"
          name="channel.hmac_mandatory"
          defaultChecked={boxes.hmac}
          hint="Client API callers must send identifier_hash for every contact."
        />
      ) : null}
      <FormActions submitLabel="Save changes" />
    </form>
  );
};
