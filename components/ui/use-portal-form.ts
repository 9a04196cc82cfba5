"use client";

import { useActionState, useCallback } from "react";
import { idleState, type FormAction, type FormState } from "@/lib/portal/form-state";
import { isNavigation, unreachableMessage } from "@/lib/portal/outcome";

/** Never echoed back into a form, whatever happens. */
const secretName = /password|secret|token/i;

/** What was typed, to put back after a submit that never got an answer. */
const typedValues = (formData: FormData) => {
  const values: Record<string, string> = {};
  for (const [name, value] of formData) {
    if (typeof value === "string" && !secretName.test(name) && !name.startsWith("$ACTION")) values[name] ??= value;
  }
  return values;
};

/**
 * `useActionState` for a portal form, with one promise: a failed save never loses input. The
 * server action answers refusals itself (with the values back); when the request fails on the
 * way (network down, server restarting) the form shows why and keeps what was typed, instead of
 * the page's error boundary replacing it. Redirects and notFound still go through.
 */
export const usePortalForm = (action: FormAction, initial: FormState = idleState) => {
  const guarded = useCallback(
    async (state: FormState, formData: FormData): Promise<FormState> => {
      try {
        return await action(state, formData);
      } catch (error) {
        if (isNavigation(error)) throw error;
        return { status: "error", message: unreachableMessage, errors: {}, values: typedValues(formData) };
      }
    },
    [action],
  );
  return useActionState(guarded, initial);
};
