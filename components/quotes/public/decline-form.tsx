"use client";

import { usePortalForm } from "@/components/ui/use-portal-form";
import { StatusMessage } from "@/components/ui/status-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { Textarea } from "@/components/ui/textarea";
import { valueOf, type FormState } from "@/lib/portal/form-state";
import { rejectAction } from "@/lib/portal/actions/public-quote";

/** Declining, with a reason the venue reads; folded away until asked for. */
export const DeclineForm = ({ token }: { token: string }) => {
  const [state, formAction] = usePortalForm(async (previous: FormState, formData: FormData) => {
    const next = await rejectAction(token, previous, formData);
    // The page comes back in the quote's new state, told at the top.
    if (next.status === "success" || next.data?.changed) window.scrollTo({ top: 0 });
    return next;
  });
  return (
    <details className="group rounded-xl border border-slate-200 bg-white" open={state.status === "error" || undefined}>
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-xl px-5 py-4 text-sm font-medium text-slate-700 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
        Decline this quote
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.6} aria-hidden="true" className="size-4 shrink-0 text-slate-400 transition-transform group-open:rotate-180">
          <path d="M6 9l6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </summary>
      <form action={formAction} noValidate className="space-y-4 border-t border-slate-200 px-5 pt-4 pb-5">
        {state.status === "error" && state.message && !state.errors.reason ? <StatusMessage tone="error">{state.message}</StatusMessage> : null}
        <Textarea
          label="Reason for declining"
          name="reason"
          required
          rows={3}
          maxLength={5000}
          defaultValue={valueOf(state, "reason")}
          error={state.errors.reason}
          hint="The venue reads this; it helps them make a better offer."
        />
        <SubmitButton variant="secondary" pendingLabel="Declining…" className="h-10 px-4">
          Decline quote
        </SubmitButton>
      </form>
    </details>
  );
};
