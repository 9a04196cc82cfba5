"use client";

import { usePortalForm } from "@/components/ui/use-portal-form";
import { useFormStatus } from "react-dom";
import { Input } from "@/components/ui/input";
import { StatusMessage } from "@/components/ui/status-message";
import { valueOf, type FormState } from "@/lib/portal/form-state";
import { acceptAction } from "@/lib/portal/actions/public-quote";

/** The page's one call to action, in the document's colour; it waits while a new choice is priced. */
const AcceptButton = ({ busy }: { busy: boolean }) => {
  const { pending } = useFormStatus();
  return (
    <button
      type="submit"
      disabled={pending || busy}
      className="inline-flex h-11 w-full items-center justify-center rounded-md bg-teal-700 px-6 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 disabled:cursor-not-allowed disabled:opacity-60 sm:w-auto"
    >
      {pending ? "Accepting…" : "Accept quote"}
    </button>
  );
};

/**
 * Acceptance by typing one's full name. The ticked optional lines go with it; the server prices
 * them again from the quote's own snapshot and records name, time, IP address and browser.
 */
export const AcceptForm = ({ token, selection, total, busy }: { token: string; selection: readonly string[]; total: string; busy: boolean }) => {
  const [state, formAction] = usePortalForm(async (previous: FormState, formData: FormData) => {
    const next = await acceptAction(token, previous, formData);
    // The page comes back in the quote's new state, told at the top.
    if (next.status === "success" || next.data?.changed) window.scrollTo({ top: 0 });
    return next;
  });
  return (
    <form action={formAction} noValidate aria-labelledby="accept-heading" className="rounded-xl border border-teal-200 bg-teal-50/50 p-5 sm:p-6">
      <h2 id="accept-heading" className="text-lg font-semibold text-slate-900">
        Accept this quote
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Type your full name and select <span className="font-medium text-slate-800">Accept quote</span> to accept it for{" "}
        <span className="font-semibold whitespace-nowrap text-slate-900">{total}</span> incl. tax. The spaces above are then booked for you.
      </p>
      {selection.map((key) => (
        <input key={key} type="hidden" name="selected_optional_keys" value={key} />
      ))}
      <div className="mt-4 space-y-4">
        {/* A typing mistake shows beside the name alone. */}
        {state.status === "error" && state.message && !state.errors.full_name ? <StatusMessage tone="error">{state.message}</StatusMessage> : null}
        <Input
          label="Your full name"
          name="full_name"
          required
          autoComplete="name"
          spellCheck={false}
          maxLength={200}
          defaultValue={valueOf(state, "full_name")}
          error={state.errors.full_name}
          hint="Your name, the time, and your IP address and browser are recorded with your acceptance."
        />
        <AcceptButton busy={busy} />
      </div>
    </form>
  );
};
