"use client";

import { usePortalForm } from "@/components/ui/use-portal-form";
import { useState } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { cn } from "@/components/ui/cn";
import { Input } from "@/components/ui/input";
import { valueOf, type FormAction } from "@/lib/portal/form-state";
import { FormActions } from "./form-actions";
import { FormMessage } from "./form-message";

const channels = [
  { value: "api", title: "API", description: "Your own website, app or booking form sends messages through the Client API." },
  { value: "web_widget", title: "Website", description: "A chat on your website; guests write from the page they are on." },
] as const;

type Channel = (typeof channels)[number]["value"];

/** A new inbox: the channel first, then the settings that channel takes. */
export const InboxCreateForm = ({ action, cancelHref }: { action: FormAction; cancelHref: string }) => {
  const [state, formAction] = usePortalForm(action);
  const [channel, setChannel] = useState<Channel>(valueOf(state, "channel.type", "api") === "web_widget" ? "web_widget" : "api");
  return (
    <form action={formAction} noValidate className="space-y-6">
      <FormMessage state={state} />
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Channel</legend>
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          {channels.map((option) => (
            <label
              key={option.value}
              className={cn(
                "flex cursor-pointer gap-3 rounded-lg border p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600",
                channel === option.value ? "border-indigo-500 bg-indigo-50/50 ring-1 ring-indigo-500" : "border-slate-200 hover:border-slate-300",
              )}
            >
              <input
                type="radio"
                name="channel.type"
                value={option.value}
                checked={channel === option.value}
                onChange={() => setChannel(option.value)}
                className="mt-0.5 size-4 accent-indigo-600"
              />
              <span>
                <span className="block text-sm font-semibold text-slate-900">{option.title}</span>
                <span className="mt-1 block text-sm text-slate-500">{option.description}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <Input
        label="Inbox name"
        name="name"
        required
        autoComplete="off"
        defaultValue={valueOf(state, "name")}
        error={state.errors.name}
        hint="Agents see it beside every conversation, e.g. “Website enquiries”."
      />

      {channel === "api" ? (
        <div className="space-y-5" key="api">
          <Input
            label="Webhook URL"
            name="channel.webhook_url"
            type="url"
            inputMode="url"
            placeholder="https://"
            defaultValue={valueOf(state, "channel.webhook_url")}
            error={state.errors["channel.webhook_url"]}
            hint="Optional. Where your own systems want to hear about this inbox's events, such as agents' replies."
          />
          <Checkbox
            label="Require verified identities (HMAC)"
            name="channel.hmac_mandatory"
            defaultChecked={state.values ? state.values["channel.hmac_mandatory"] === "on" : false}
            hint="Only take messages from guests your server has vouched for with the inbox's HMAC token (shown on the next page). Leave it off until your integration signs every guest."
          />
        </div>
      ) : (
        <div className="grid gap-5 sm:grid-cols-[1fr_auto]" key="web_widget">
          <Input
            label="Website URL"
            name="channel.website_url"
            type="url"
            inputMode="url"
            required
            placeholder="https://"
            defaultValue={valueOf(state, "channel.website_url")}
            error={state.errors["channel.website_url"]}
            hint="The website you'll add the chat to. The next page gives you the code to paste into it."
          />
          <Input
            label="Widget colour"
            name="channel.widget_color"
            type="color"
            className="sm:w-56"
            defaultValue={valueOf(state, "channel.widget_color", "#1f93ff")}
            error={state.errors["channel.widget_color"]}
            hint="The chat button and header."
          />
        </div>
      )}
      <FormActions submitLabel="Create inbox" cancelHref={cancelHref} />
    </form>
  );
};
