import { ApiError } from "@/lib/http/errors";
import { unstable_rethrow } from "next/navigation";
import type { FormState } from "./form-state";
import { logFailure } from "@/lib/log";

/**
 * How a form field becomes service input. `text` passes whatever was typed (so the schema can
 * say "can't be blank"); `nullable` turns an empty field into null (clears the value);
 * `optional` leaves an empty field out; `password` passes what was typed and `secret` is
 * optional, neither ever echoed back; `checkbox` is true when ticked; `list` is every value
 * submitted under the name (ticked boxes of a set).
 */
export type FieldKind = "text" | "nullable" | "optional" | "password" | "secret" | "checkbox" | "list";

export const readForm = (formData: FormData, fields: Record<string, FieldKind>) => {
  const input: Record<string, unknown> = {};
  const values: Record<string, string> = {};
  for (const [name, kind] of Object.entries(fields)) {
    const raw = formData.get(name);
    const text = typeof raw === "string" ? raw : "";
    if (kind === "list") {
      const list = formData.getAll(name).filter((value): value is string => typeof value === "string");
      input[name] = list;
      values[name] = list.join(",");
      continue;
    }
    if (kind === "checkbox") {
      input[name] = raw !== null;
      values[name] = raw !== null ? "on" : "";
      continue;
    }
    if (kind !== "password" && kind !== "secret") values[name] = text;
    if (text.trim() !== "" || kind === "text" || kind === "password") input[name] = text;
    else if (kind === "nullable") input[name] = null;
  }
  return { input, values };
};

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const humanize = (field: string) => sentence(field.replaceAll("_", " "));

/**
 * A thrown error as form state: field errors the form has inputs for go beside them, any
 * others into the form message. Next's own control-flow errors (redirect, notFound) pass
 * through; anything unexpected is logged and answered without detail.
 */
export const failure = (error: unknown, formFields: readonly string[], values?: Record<string, string>): FormState => {
  unstable_rethrow(error);
  if (!(error instanceof ApiError)) {
    logFailure({ where: "portal action" }, error);
    return { status: "error", message: "Something went wrong. Please try again.", errors: {}, values };
  }
  const errors: Record<string, string> = {};
  const others: string[] = [];
  for (const fieldError of error.errors) {
    if (formFields.includes(fieldError.field)) errors[fieldError.field] ??= sentence(fieldError.message);
    else others.push(`${humanize(fieldError.field)} ${fieldError.message}`);
  }
  const validation = error.message.startsWith("Validation failed");
  const message =
    others.length > 0
      ? validation
        ? others.join(". ")
        : error.message
      : Object.keys(errors).length > 0
        ? "Please correct the highlighted fields."
        : error.message;
  return { status: "error", message, errors, values };
};
