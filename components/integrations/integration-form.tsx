"use client";

import { ButtonLink } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { usePortalForm } from "@/components/ui/use-portal-form";
import { FormActions } from "@/components/settings/form-actions";
import { FormMessage } from "@/components/settings/form-message";
import { valueOf, type FormAction, type FormState } from "@/lib/portal/form-state";
import { SecretReveal } from "./secret-reveal";
import { grantTypeChoices, scopeChoices } from "./wording";

const checkboxClass =
  "mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600";

/** Ticked boxes: what was sent after a failed submit, else the defaults. */
const ticked = (state: FormState, name: string, defaults: readonly string[]) =>
  state.values ? (state.values[name] ?? "").split(",").filter(Boolean) : [...defaults];

const Choices = ({
  name,
  legend,
  hint,
  options,
  selected,
  error,
}: {
  name: string;
  legend: string;
  hint: string;
  options: { value: string; title: string; detail: string }[];
  selected: string[];
  error?: string;
}) => (
  <fieldset
    // Remounts with what the server sent back, so the boxes show it after a failed submit.
    key={selected.join(",")}
    aria-describedby={[`${name}-hint`, error ? `${name}-error` : null].filter(Boolean).join(" ")}
    aria-invalid={error ? true : undefined}
    className="space-y-3"
  >
    <legend className="text-sm font-medium text-slate-800">{legend}</legend>
    <p id={`${name}-hint`} className="-mt-1 text-xs text-slate-500">
      {hint}
    </p>
    <ul className="space-y-3">
      {options.map((option) => {
        const id = `${name}-${option.value}`;
        return (
          <li key={option.value} className="flex items-start gap-3">
            <input id={id} type="checkbox" name={name} value={option.value} defaultChecked={selected.includes(option.value)} aria-describedby={`${id}-detail`} className={checkboxClass} />
            <div className="min-w-0 text-sm">
              <label htmlFor={id} className="font-medium text-slate-800">
                {option.title}
              </label>
              <p id={`${id}-detail`} className="mt-0.5 text-xs text-slate-500">
                {option.detail}
              </p>
            </div>
          </li>
        );
      })}
    </ul>
    {error ? (
      <p id={`${name}-error`} className="text-sm text-red-700">
        {error}
      </p>
    ) : null}
  </fieldset>
);

/**
 * Registers an integration. On success the form gives way to the new client's id and secret,
 * shown this once: the secret lives only in this answer, so a reload shows an empty form.
 */
export const IntegrationForm = ({ action, listHref }: { action: FormAction; listHref: string }) => {
  const [state, formAction] = usePortalForm(action);
  const created = state.status === "success" ? state.data : undefined;

  if (created?.client_secret && created.client_id) {
    return (
      <SecretReveal
        id="new-integration"
        heading={`Copy the client secret of ${created.name ?? "the integration"}`}
        clientId={created.client_id}
        secret={created.client_secret}
        message={state.message}
        action={<ButtonLink href={listHref}>Done, back to integrations</ButtonLink>}
      />
    );
  }

  return (
    <form action={formAction} noValidate className="space-y-6">
      <FormMessage state={state} />
      <Input
        label="Name"
        name="name"
        required
        autoComplete="off"
        maxLength={200}
        defaultValue={valueOf(state, "name")}
        error={state.errors.name}
        hint="People see it when the integration asks them for access, and you see it in this account's list."
      />
      <Choices
        name="grant_types"
        legend="How it signs in"
        hint="Choose at least one."
        options={grantTypeChoices}
        selected={ticked(state, "grant_types", ["client_credentials"])}
        error={state.errors.grant_types}
      />
      <Choices
        name="scopes"
        legend="What it may do"
        hint="Choose at least one. It can never do more than the person it acts as."
        options={scopeChoices}
        selected={ticked(state, "scopes", ["read"])}
        error={state.errors.scopes}
      />
      <Textarea
        label="Redirect URIs"
        name="redirect_uris"
        rows={3}
        spellCheck={false}
        autoComplete="off"
        placeholder="https://app.example.com/oauth/callback"
        className="[&_textarea]:font-mono"
        defaultValue={valueOf(state, "redirect_uris")}
        error={state.errors.redirect_uris}
        hint="One per line; needed for sign-in and approval (authorization code). Where Venuedesk sends people back: https, or http on 127.0.0.1 or localhost."
      />
      <FormActions submitLabel="Register integration" cancelHref={listHref} />
    </form>
  );
};
