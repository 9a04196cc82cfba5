"use client";

import { useTransition, type FormEvent } from "react";
import { usePortalForm } from "@/components/ui/use-portal-form";
import type { FormAction } from "@/lib/portal/form-state";

/**
 * A form whose fields stay as typed after a save: submitted by hand, so React does not reset
 * them to what they were drawn with (it resets an action form after its action).
 */
export const useKeptForm = (action: FormAction) => {
  const [state, formAction] = usePortalForm(action);
  const [pending, startTransition] = useTransition();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    startTransition(() => formAction(data));
  };
  return { state, pending, onSubmit };
};
