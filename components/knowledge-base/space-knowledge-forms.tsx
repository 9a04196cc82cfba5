"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/settings/form-message";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { SubmitButton } from "@/components/ui/submit-button";
import { useKeptForm } from "@/components/ui/use-kept-form";
import { usePortalForm } from "@/components/ui/use-portal-form";
import { valueOf, type FormAction } from "@/lib/portal/form-state";

/*
 * The space page's knowledge controls: which category and gallery the space shows, and the
 * gallery's photos (add, caption, order, remove). Each is a small form on its own action.
 */

type Choice = { value: string; label: string };

export const LinkKnowledgeForm = ({
  action,
  categories,
  galleries,
  knowledgebaseId,
  galleryId,
}: {
  action: FormAction;
  categories: Choice[];
  galleries: Choice[];
  knowledgebaseId: number | null;
  galleryId: number | null;
}) => {
  // What is chosen stays chosen after a save (a kept form: React does not reset it).
  const { state, pending, onSubmit } = useKeptForm(action);
  const [category, setCategory] = useState(knowledgebaseId === null ? "" : String(knowledgebaseId));
  const [gallery, setGallery] = useState(galleryId === null ? "" : String(galleryId));
  return (
    <form noValidate className="space-y-4" onSubmit={onSubmit}>
      <FormMessage state={state} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label="Help-center category"
          name="knowledgebase_id"
          options={[{ value: "", label: "None" }, ...categories]}
          value={category}
          onChange={(event) => setCategory(event.target.value)}
          error={state.errors.knowledgebase_id}
          hint="Its published articles are the facts customers read about the space."
        />
        <Select
          label="Photo gallery"
          name="gallery_knowledgebase_id"
          options={[{ value: "", label: "None" }, ...galleries]}
          value={gallery}
          onChange={(event) => setGallery(event.target.value)}
          error={state.errors.gallery_knowledgebase_id}
        />
      </div>
      <Button type="submit" variant="secondary" disabled={pending} aria-disabled={pending}>
        {pending ? "Saving…" : "Save links"}
      </Button>
    </form>
  );
};

export const CreateGalleryButton = ({ action }: { action: FormAction }) => {
  const [state, formAction] = usePortalForm(action);
  return (
    <form action={formAction} className="space-y-2">
      <FormMessage state={state} />
      <SubmitButton variant="secondary" pendingLabel="Creating…">
        Create a gallery for this space
      </SubmitButton>
    </form>
  );
};

/** What one upload may carry through the portal (the server's limit for a form). */
const UPLOAD_LIMIT_BYTES = 20 * 1024 * 1024;

export const UploadPhotosForm = ({ action }: { action: FormAction }) => {
  const [state, formAction] = usePortalForm(action);
  const [tooLarge, setTooLarge] = useState(false);
  return (
    <form action={formAction} noValidate className="space-y-3 rounded-lg border border-dashed border-slate-300 p-4">
      <FormMessage state={state} />
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr]">
        <label className="block text-sm font-medium text-slate-800">
          Photos
          <input
            type="file"
            name="attachments"
            multiple
            accept="image/png,image/jpeg,image/gif,image/webp,image/avif"
            onChange={(event) => setTooLarge([...(event.currentTarget.files ?? [])].reduce((sum, file) => sum + file.size, 0) > UPLOAD_LIMIT_BYTES)}
            className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-medium"
            aria-invalid={Boolean(state.errors.attachments) || tooLarge || undefined}
          />
          {state.errors.attachments || tooLarge ? (
            <span className="mt-1 block text-sm text-red-700">{tooLarge ? "Choose at most 20 MB of photos at a time." : state.errors.attachments}</span>
          ) : (
            <span className="mt-1 block text-xs text-slate-500">PNG, JPEG, GIF, WebP or AVIF; up to 20 MB at a time.</span>
          )}
        </label>
        <Input id="upload-caption" label="Caption" name="caption" defaultValue={valueOf(state, "caption", "")} error={state.errors.caption} hint="Optional; for every photo of this upload." />
      </div>
      <SubmitButton pendingLabel="Uploading…" disabled={tooLarge}>
        Add photos
      </SubmitButton>
    </form>
  );
};

export const CaptionForm = ({ action, caption, label, id }: { action: FormAction; caption: string | null; label: string; id: string }) => {
  const [state, formAction] = usePortalForm(action);
  return (
    <form action={formAction} noValidate className="flex items-end gap-2">
      <Input
        id={id}
        label={label}
        hideLabel
        name="caption"
        placeholder="Caption"
        defaultValue={valueOf(state, "caption", caption ?? "")}
        error={state.errors.caption ?? (state.status === "error" ? state.message : undefined)}
        className="min-w-0 flex-1"
      />
      <SubmitButton variant="secondary" size="sm" pendingLabel="…">
        Save
      </SubmitButton>
    </form>
  );
};

/** A one-button form (move a photo, remove it): its refusal shows beside it. */
export const PhotoButton = ({ action, label, title, danger }: { action: FormAction; label: string; title: string; danger?: boolean }) => {
  const [state, formAction] = usePortalForm(action);
  return (
    <form action={formAction}>
      <SubmitButton variant={danger ? "danger" : "secondary"} size="sm" aria-label={title} title={state.status === "error" ? state.message : title}>
        {label}
      </SubmitButton>
    </form>
  );
};
