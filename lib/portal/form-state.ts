/**
 * What a portal server action answers a form with (useActionState): field messages to show
 * beside each input, a message for the whole form, and the values to put back after a failed
 * submit. Shared by server actions and client forms, so it imports nothing server-only.
 */
export type FormState = {
  status: "idle" | "success" | "error";
  message?: string;
  errors: Record<string, string>;
  values?: Record<string, string>;
  /** Results a form shows after success (a freshly issued token). */
  data?: Record<string, string>;
};

export const idleState: FormState = { status: "idle", errors: {} };

export type FormAction = (state: FormState, formData: FormData) => Promise<FormState>;

/** A submitted value to show again in place of the stored one (after a failed submit). */
export const valueOf = (state: FormState, field: string, fallback: string | null | undefined = "") =>
  state.values?.[field] ?? fallback ?? "";
