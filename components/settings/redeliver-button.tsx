"use client";

import { StatusMessage } from "@/components/ui/status-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { usePortalForm } from "@/components/ui/use-portal-form";
import type { FormAction } from "@/lib/portal/form-state";

/**
 * "Redeliver" for one delivery of a log. It stays mounted while the delivery is pending again
 * (`available` false hides only the button), so what the action answered stays in sight after
 * the page is revalidated.
 */
export const RedeliverButton = ({ action, available, label }: { action: FormAction; available: boolean; label: string }) => {
  const [state, formAction] = usePortalForm(action);
  return (
    <div className="flex max-w-64 flex-col items-end gap-2">
      {available ? (
        <form action={formAction}>
          <SubmitButton variant="secondary" size="sm" pendingLabel="Sending…" aria-label={label}>
            Redeliver
          </SubmitButton>
        </form>
      ) : null}
      {state.status !== "idle" && state.message ? (
        <StatusMessage tone={state.status === "error" ? "error" : "success"} className="text-xs">
          {state.message}
        </StatusMessage>
      ) : null}
    </div>
  );
};
