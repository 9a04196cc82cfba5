"use client";

import { usePortalForm } from "@/components/ui/use-portal-form";
import { FormMessage } from "@/components/settings/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import type { FormAction } from "@/lib/portal/form-state";

type Option = { title: string; color: string | null; description: string | null };

/**
 * Ticks the contact's labels from the account's catalogue and saves the set at once. A label
 * the contact carries that is not in the catalogue (set through the API) is offered too, so
 * saving keeps it unless it is unticked.
 */
export const ContactLabelsForm = ({ action, options, selected }: { action: FormAction; options: Option[]; selected: string[] }) => {
  const [state, formAction] = usePortalForm(action);
  const chosen = new Set(selected);
  return (
    <form action={formAction} className="space-y-4">
      <FormMessage state={state} />
      {options.length === 0 ? (
        <p className="text-sm text-slate-500">This account has no labels yet. Administrators add them under Settings → Labels.</p>
      ) : (
        <fieldset>
          <legend className="sr-only">Labels</legend>
          <ul className="space-y-2">
            {options.map((option) => {
              const id = `contact-label-${option.title}`;
              return (
                <li key={option.title} className="flex items-center gap-3">
                  <input
                    id={id}
                    type="checkbox"
                    name="labels"
                    value={option.title}
                    defaultChecked={chosen.has(option.title)}
                    className="size-4 rounded border-slate-300 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
                  />
                  <label htmlFor={id} className="flex min-w-0 items-center gap-2 text-sm text-slate-800">
                    <span
                      aria-hidden="true"
                      className="size-2.5 shrink-0 rounded-full ring-1 ring-black/10"
                      style={{ backgroundColor: option.color ?? "#94a3b8" }}
                    />
                    <span className="truncate">{option.title}</span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
      {state.errors.labels ? <p className="text-sm text-red-700">{state.errors.labels}</p> : null}
      {options.length > 0 ? (
        <SubmitButton variant="secondary" size="sm" pendingLabel="Saving…">
          Save labels
        </SubmitButton>
      ) : null}
    </form>
  );
};
