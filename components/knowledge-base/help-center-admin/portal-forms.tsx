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
 * The help center's small forms: a new portal, a portal's settings and logo, a category (new or
 * edited). Errors sit
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

export type CategoryFields = { name: string; slug: string; icon: string; description: string | null };

/** A category's name, slug, icon and description, edited in place in the category list. */
export const EditCategoryForm = ({ action, category, idPrefix }: { action: FormAction; category: CategoryFields; idPrefix: string }) => {
  const { state, pending, onSubmit } = useKeptForm(action);
  return (
    <form noValidate className="space-y-3" onSubmit={onSubmit}>
      <FormMessage state={state} />
      <div className="grid gap-3 sm:grid-cols-3">
        <Input id={`${idPrefix}-name`} label="Name" name="name" required defaultValue={valueOf(state, "name", category.name)} error={state.errors.name} />
        <Input
          id={`${idPrefix}-slug`}
          label="Slug"
          name="slug"
          required
          defaultValue={valueOf(state, "slug", category.slug)}
          error={state.errors.slug}
          hint="In its public address."
        />
        <Input id={`${idPrefix}-icon`} label="Icon" name="icon" defaultValue={valueOf(state, "icon", category.icon)} error={state.errors.icon} hint="An emoji (optional)." />
        <Input
          id={`${idPrefix}-description`}
          label="Description"
          name="description"
          defaultValue={valueOf(state, "description", category.description)}
          error={state.errors.description}
          className="sm:col-span-3"
        />
      </div>
      <Button type="submit" variant="secondary" size="sm" disabled={pending} aria-disabled={pending}>
        {pending ? "Saving…" : "Save category"}
      </Button>
    </form>
  );
};

/** The portal's logo: what is shown now, a new image, or none. */
export const PortalLogoForm = ({ upload, logoUrl }: { upload: FormAction; logoUrl: string | null }) => {
  const [state, formAction] = usePortalForm(upload);
  return (
    <form action={formAction} noValidate className="space-y-3">
      <FormMessage state={state} />
      <div className="flex flex-wrap items-end gap-4">
        {logoUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- a signed link to the stored file, not a static asset
          <img src={logoUrl} alt="The portal's logo" className="size-16 shrink-0 rounded-md border border-slate-200 bg-white object-contain p-1" />
        ) : (
          <span className="flex size-16 shrink-0 items-center justify-center rounded-md border border-dashed border-slate-300 text-xs text-slate-500">No logo</span>
        )}
        <label className="block min-w-0 flex-1 text-sm font-medium text-slate-800">
          {logoUrl ? "Replace the logo" : "Logo"}
          <input
            type="file"
            name="logo"
            accept="image/png,image/jpeg,image/gif,image/webp,image/avif"
            aria-invalid={Boolean(state.errors.logo) || undefined}
            className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-medium"
          />
          {state.errors.logo ? (
            <span className="mt-1 block text-sm text-red-700">{state.errors.logo}</span>
          ) : (
            <span className="mt-1 block text-xs text-slate-500">PNG, JPEG, GIF, WebP or AVIF; shown in the public help center&apos;s header.</span>
          )}
        </label>
        <SubmitButton variant="secondary" pendingLabel="Uploading…">
          Upload logo
        </SubmitButton>
      </div>
    </form>
  );
};
