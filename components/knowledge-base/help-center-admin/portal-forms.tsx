"use client";

import { FormMessage } from "@/components/settings/form-message";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { SubmitButton } from "@/components/ui/submit-button";
import { Textarea } from "@/components/ui/textarea";
import { usePortalForm } from "@/components/ui/use-portal-form";
import { useKeptForm } from "@/components/ui/use-kept-form";
import { valueOf, type FormAction } from "@/lib/portal/form-state";

/*
 * The help center's small forms: a new portal, a portal's settings, a new category. Errors sit
 * beside their fields (the locales' own, named `config.…` by the service, in the form's message);
 * a failed save keeps what was typed.
 */

export const CreatePortalForm = ({ action }: { action: FormAction }) => {
  const [state, formAction] = usePortalForm(action);
  return (
    <form action={formAction} noValidate className="space-y-4">
      <FormMessage state={state} />
      <div className="grid gap-4 sm:grid-cols-3">
        <Input label="Name" name="name" required defaultValue={valueOf(state, "name")} error={state.errors.name} />
        <Input
          label="Slug"
          name="slug"
          required
          defaultValue={valueOf(state, "slug")}
          error={state.errors.slug}
          hint="In its public address: /hc/your-slug."
        />
        <Input
          label="Locales"
          name="allowed_locales"
          defaultValue={valueOf(state, "allowed_locales", "en")}
          error={state.errors.allowed_locales}
          hint="Codes separated by commas, e.g. en, fr; the first is the default."
        />
      </div>
      <SubmitButton pendingLabel="Creating…">Create portal</SubmitButton>
    </form>
  );
};

type PortalSettings = {
  name: string;
  headerText: string | null;
  color: string;
  homepageLink: string | null;
  allowedLocales: string[];
  defaultLocale: string;
  archived: boolean;
};

export const PortalSettingsForm = ({ action, portal }: { action: FormAction; portal: PortalSettings }) => {
  const { state, pending, onSubmit } = useKeptForm(action);
  const locales = valueOf(state, "allowed_locales", portal.allowedLocales.join(", "));
  return (
    <form noValidate className="space-y-4" onSubmit={onSubmit}>
      <FormMessage state={state} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input label="Name" name="name" required defaultValue={valueOf(state, "name", portal.name)} error={state.errors.name} />
        <Input
          label="Colour"
          name="color"
          defaultValue={valueOf(state, "color", portal.color)}
          error={state.errors.color}
          hint="A hex colour such as #1f93ff; blank for the default."
        />
        <Textarea
          label="Header text"
          name="header_text"
          rows={2}
          defaultValue={valueOf(state, "header_text", portal.headerText)}
          error={state.errors.header_text}
          className="sm:col-span-2"
        />
        <Input
          label="Homepage link"
          name="homepage_link"
          type="url"
          defaultValue={valueOf(state, "homepage_link", portal.homepageLink)}
          error={state.errors.homepage_link}
          className="sm:col-span-2"
        />
        <Input
          label="Allowed locales"
          name="allowed_locales"
          defaultValue={locales}
          error={state.errors.allowed_locales}
          hint="Codes separated by commas, e.g. en, fr."
        />
        <Select
          label="Default locale"
          name="default_locale"
          defaultValue={valueOf(state, "default_locale", portal.defaultLocale)}
          options={portal.allowedLocales.map((code) => ({ value: code, label: code }))}
          error={state.errors.default_locale}
        />
      </div>
      <Checkbox
        label="Archived"
        name="archived"
        defaultChecked={state.values ? state.values.archived === "on" : portal.archived}
        hint="An archived portal's public pages are no longer shown."
      />
      <Button type="submit" disabled={pending} aria-disabled={pending}>
        {pending ? "Saving…" : "Save portal"}
      </Button>
    </form>
  );
};

export const CreateCategoryForm = ({ action, locale }: { action: FormAction; locale: string }) => {
  const [state, formAction] = usePortalForm(action);
  return (
    <form action={formAction} noValidate className="space-y-3">
      <FormMessage state={state} />
      <input type="hidden" name="locale" value={locale} />
      <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Input id="category-name" label="Category name" name="name" required defaultValue={valueOf(state, "name")} error={state.errors.name} />
        <Input id="category-icon" label="Icon" name="icon" defaultValue={valueOf(state, "icon")} error={state.errors.icon} hint="An emoji (optional)." />
        <Input
          id="category-description"
          label="Description"
          name="description"
          defaultValue={valueOf(state, "description")}
          error={state.errors.description}
          className="sm:col-span-2"
        />
      </div>
      <SubmitButton variant="secondary" pendingLabel="Adding…">
        Add category
      </SubmitButton>
    </form>
  );
};
