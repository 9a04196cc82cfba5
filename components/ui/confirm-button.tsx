"use client";

import { usePortalForm } from "@/components/ui/use-portal-form";
import { useEffect, useId, useRef, type ReactNode } from "react";
import type { FormAction, FormState } from "@/lib/portal/form-state";
import { Button } from "./button";
import { StatusMessage } from "./status-message";
import { SubmitButton } from "./submit-button";

type Props = {
  /** The server action to run once confirmed. */
  action: FormAction;
  /** Text of the button that opens the confirmation. */
  label: ReactNode;
  /** Accessible name of that button when its text alone is ambiguous (e.g. "Delete greeting"). */
  ariaLabel?: string;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel?: string;
  tone?: "danger" | "primary";
  triggerVariant?: "secondary" | "ghost" | "danger";
  triggerSize?: "sm" | "md";
  onSuccess?: (state: FormState) => void;
};

/**
 * A button that asks before it acts: it opens a modal dialog (focus moves into it, Escape
 * cancels) whose confirm button submits the action. Errors stay in the dialog.
 */
export const ConfirmButton = ({
  action,
  label,
  ariaLabel,
  title,
  description,
  confirmLabel,
  pendingLabel,
  tone = "danger",
  triggerVariant = "secondary",
  triggerSize = "sm",
  onSuccess,
}: Props) => {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [state, formAction] = usePortalForm(action);
  // Read when a result arrives; a new callback identity alone must not re-run the effect.
  const successCallback = useRef(onSuccess);
  useEffect(() => {
    successCallback.current = onSuccess;
  });

  useEffect(() => {
    if (state.status !== "success") return;
    dialog.current?.close();
    successCallback.current?.(state);
  }, [state]);

  return (
    <>
      <Button variant={triggerVariant} size={triggerSize} aria-label={ariaLabel} onClick={() => dialog.current?.showModal()}>
        {label}
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-description`}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg bg-white p-0 text-slate-900 shadow-xl"
      >
        <form action={formAction} className="p-6">
          <h2 id={`${id}-title`} className="text-base font-semibold">
            {title}
          </h2>
          <div id={`${id}-description`} className="mt-2 text-sm text-slate-600">
            {description}
          </div>
          {state.status === "error" && state.message ? (
            <StatusMessage tone="error" className="mt-4">
              {state.message}
            </StatusMessage>
          ) : null}
          <div className="mt-6 flex justify-end gap-2">
            <Button variant="secondary" onClick={() => dialog.current?.close()}>
              Cancel
            </Button>
            <SubmitButton variant={tone} pendingLabel={pendingLabel}>
              {confirmLabel}
            </SubmitButton>
          </div>
        </form>
      </dialog>
    </>
  );
};
