/**
 * How a form field becomes service input. `text` passes whatever was typed (so the schema can
 * say "can't be blank"); `nullable` turns an empty field into null (clears the value);
 * `optional` leaves an empty field out; `password` passes what was typed and `secret` is
 * optional, neither ever echoed back; `checkbox` is true when ticked; `list` is every value
 * submitted under the name (ticked boxes of a set); `files` is every non-empty file chosen under
 * the name (never echoed back).
 */
export type FieldKind = "text" | "nullable" | "optional" | "password" | "secret" | "checkbox" | "list" | "files";

/**
 * The form's fields as service input (and as typed, to hand back after a refusal). A hand-made
 * call may send anything in the form's place: that reads as no form at all, `input` null, which
 * every form's schema refuses (a 422, after the caller is checked; never a crash).
 */
export const readForm = (formData: unknown, fields: Record<string, FieldKind>): { input: Record<string, unknown> | null; values: Record<string, string> } => {
  if (!(formData instanceof FormData)) return { input: null, values: {} };
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
    if (kind === "files") {
      input[name] = formData.getAll(name).filter((value): value is File => typeof value !== "string" && value.size > 0);
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
