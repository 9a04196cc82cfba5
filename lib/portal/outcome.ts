/**
 * What a portal action answers the browser: `{ ok: true, …result }`, or a refusal with the
 * service's message, field errors by the API's field paths, and (for a booking in the way)
 * the conflicts as data. Shared by server actions and client components, so it imports
 * nothing server-only.
 */

/** A confirmed booking in the way of a write, as the API's 409 lists it. */
export type Conflict = { allocation_id: string; space_id: string; start_at: string; end_at: string; status: "confirmed" };

export type Refusal = {
  ok: false;
  /** The API's error code (`invalid`, `conflict`, `not_found`…); `unreachable` when the server could not be reached. */
  code: string;
  message: string;
  /** Field path as the API names it (`overrides.additional_lines.2.unit_price`) → a sentence. */
  errors: Record<string, string>;
  conflicts: Conflict[];
};

export type Outcome<T extends object = object> = ({ ok: true } & T) | Refusal;

/** The form state a form action answers (useActionState); see ./form-state.ts. */
type RefusedForm = { status: "error"; message: string; errors: Record<string, string>; values?: Record<string, string> };

export const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** `overrides.additional_lines.2.unit_price` → "Overrides additional lines unit price". */
export const humanizeField = (field: string) => sentence(field.replaceAll(/[._]/g, " ").replaceAll(/\s+\d+(?=\s|$)/g, "").replaceAll(/\s+/g, " ").trim());

/** A refusal as form state: errors beside the inputs the form has, the rest in its message. */
export const formRefusal = (refusal: Refusal, formFields: readonly string[], values?: Record<string, string>): RefusedForm => {
  const errors: Record<string, string> = {};
  const others: string[] = [];
  for (const [field, message] of Object.entries(refusal.errors)) {
    if (formFields.includes(field)) errors[field] = message;
    else others.push(`${humanizeField(field)} ${message.charAt(0).toLowerCase()}${message.slice(1)}`);
  }
  const message =
    others.length > 0 ? (refusal.code === "invalid" || refusal.code === "required" ? others.join(". ") : refusal.message)
    : Object.keys(errors).length > 0 ? "Please correct the highlighted fields."
    : refusal.message;
  return { status: "error", message, errors, values };
};



export const unexpectedMessage = "Something went wrong. Please try again.";
export const unreachableMessage = "The server could not be reached. Check your connection and try again; nothing you typed is lost.";

/** A refusal for a call that never got an answer (network down, server restarting). */
export const unreachable = (): Refusal => ({ ok: false, code: "unreachable", message: unreachableMessage, errors: {}, conflicts: [] });

/** Whether a thrown error is one of Next.js's own control-flow signals (redirect, notFound) rather than a failure. */
export const isNavigation = (error: unknown) =>
  typeof error === "object" && error !== null && "digest" in error && typeof error.digest === "string" && /^(NEXT_|NEXT_HTTP_ERROR_FALLBACK)/.test(error.digest);

/**
 * Calls a server action from the browser and answers a refusal instead of throwing when the
 * request itself fails, so the caller keeps what was typed and shows the message.
 */
export const attempt = async <T extends object>(call: () => Promise<Outcome<T>>): Promise<Outcome<T>> => {
  try {
    return await call();
  } catch (error) {
    if (isNavigation(error)) throw error;
    return unreachable();
  }
};

/** For react-query: a refusal becomes a thrown error carrying the message. */
export const orThrow = <T extends object>(outcome: Outcome<T>): T => {
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome;
};
