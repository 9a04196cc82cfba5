import type { FieldError } from "./errors";

/**
 * Everything a request carries (query, form, multipart and JSON bodies, path params, server
 * action arguments) passes through `cleanInput` before any schema or service sees it:
 * - objects are copied into null-prototype objects, so no key can reach `Object.prototype`;
 * - the keys `__proto__`, `constructor` and `prototype` are refused outright;
 * - text PostgreSQL cannot store is refused: NUL (U+0000) and lone UTF-16 surrogates;
 * - nesting deeper than `maxInputDepth` is refused (free-form fields have tighter limits below).
 */
export const forbiddenKeys: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

/** Deeper than any schema we take; a body nested past it is refused before it is walked further. */
export const maxInputDepth = 32;
const maxReported = 20;

/** Why a string cannot be stored, or null when it can. */
export const textProblem = (text: string): string | null => {
  if (text.includes("\u0000")) return "must not contain NUL characters";
  if (!text.isWellFormed()) return "must be valid Unicode text (it contains a lone surrogate)";
  return null;
};

const join = (path: string, key: string | number) => (path === "" ? String(key) : `${path}.${key}`);

const isPlainData = (value: object) => {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

export type CleanResult = { value: unknown; errors: FieldError[] };

/** Copies `input` as null-prototype data, collecting a field error for each thing refused. */
export const cleanInput = (input: unknown, root = ""): CleanResult => {
  const errors: FieldError[] = [];
  const refuse = (field: string, message: string) => {
    if (errors.length < maxReported) errors.push({ field: field || "body", message, code: "invalid" });
  };
  const walk = (value: unknown, path: string, depth: number): unknown => {
    if (typeof value === "string") {
      const problem = textProblem(value);
      if (problem) refuse(path, problem);
      return value;
    }
    if (typeof value !== "object" || value === null) return value;
    if (depth >= maxInputDepth) {
      refuse(path, `is nested too deeply (at most ${maxInputDepth} levels)`);
      return undefined;
    }
    if (Array.isArray(value)) return value.map((item, index) => walk(item, join(path, index), depth + 1));
    // Files from multipart bodies, dates from server action arguments: kept as they are.
    if (!isPlainData(value)) return value;
    const copy: Record<string, unknown> = Object.create(null);
    for (const key of Object.keys(value)) {
      const field = join(path, key);
      if (forbiddenKeys.has(key)) {
        refuse(field, "is not an allowed key");
        continue;
      }
      const problem = textProblem(key);
      if (problem) {
        refuse(path, `has a key that ${problem}`);
        continue;
      }
      copy[key] = walk((value as Record<string, unknown>)[key], field, depth + 1);
    }
    return copy;
  };
  const value = walk(input, root, 0);
  return { value, errors };
};

/** Limits of a free-form JSON field (custom_attributes, ui_settings, settings, metadata…). */
export const jsonLimits = { depth: 16, bytes: 64 * 1024, keys: 1000 } as const;

/** Why a free-form JSON value is too big to keep, or null when it is within the limits. */
export const jsonValueProblem = (value: unknown): string | null => {
  let keys = 0;
  const stack: { node: unknown; depth: number }[] = [{ node: value, depth: 1 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (typeof node !== "object" || node === null) continue;
    if (depth > jsonLimits.depth) return `is nested too deeply (at most ${jsonLimits.depth} levels)`;
    const children = Array.isArray(node) ? node : Object.values(node);
    if (!Array.isArray(node)) keys += children.length;
    if (keys > jsonLimits.keys) return `has too many keys (at most ${jsonLimits.keys})`;
    for (const child of children) stack.push({ node: child, depth: depth + 1 });
  }
  const bytes = Buffer.byteLength(JSON.stringify(value) ?? "");
  return bytes > jsonLimits.bytes ? `is too large (at most ${jsonLimits.bytes / 1024} KiB as JSON)` : null;
};
