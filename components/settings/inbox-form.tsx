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
          hint="Your working hours are in this time zone."
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
            hint="Where your own systems want to hear about this inbox's events, such as agents' replies. Leave it empty if you don't need that."
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
              hint="The address of the website the chat is on."
            />
            <Input
              label="Widget colour"
              name="channel.widget_color"
              type="color"
              className="sm:w-56"
              defaultValue={valueOf(state, "channel.widget_color", inbox.widget_color ?? "#1f93ff")}
              error={state.errors["channel.widget_color"]}
              hint="The chat button and header."
            />
          </>
        )}
      </div>
      <Checkbox
        key={`greeting-${boxes.greeting}`}
        label={api ? "Send a greeting to guests who start a conversation" : "Show a greeting when a visitor opens the chat"}
        name="greeting_enabled"
        defaultChecked={boxes.greeting}
        hint={
          api
            ? "Your website or app can check this through the Client API before greeting guests with the message below."
            : "Visitors see the message below at the top of the chat, before they write anything."
        }
      />
      <Textarea
        label="Greeting message"
        name="greeting_message"
        rows={3}
        placeholder={api ? undefined : "Hi! Ask us about dates, menus or a viewing."}
        defaultValue={valueOf(state, "greeting_message", inbox.greeting_message)}
        error={state.errors.greeting_message}
      />
      <Checkbox
        key={`hours-${boxes.hours}`}
        label={api ? "Keep working hours" : "Tell visitors when you're away"}
        name="working_hours_enabled"
        defaultChecked={boxes.hours}
        hint={
          api
            ? "Your website or app can read the hours from the Client API and tell guests when you're away. New inboxes have weekdays 09:00–17:00; change the hours through the API."
            : "Outside working hours the chat says you're away and will reply later; visitors can still write. New inboxes have weekdays 09:00–17:00; change the hours through the API."
        }
      />
      {api ? (
        <Checkbox
          key={`hmac-${boxes.hmac}`}
          label="Require verified identities (HMAC)"
          name="channel.hmac_mandatory"
          defaultChecked={boxes.hmac}
          hint="Only take messages from guests your server has vouched for with the HMAC token. Turn it on once your integration signs every guest."
        />
      ) : null}
      <FormActions submitLabel="Save changes" />
    </form>
  );
};
