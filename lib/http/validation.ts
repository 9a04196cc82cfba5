import type { z } from "zod";
import { ApiError, type FieldError } from "./errors";
import { cleanInput } from "./input";

const fieldName = (path: readonly PropertyKey[]) => path.map(String).join(".");

/** zod issues as the standard error list: a missing value is `required`, anything else `invalid`. */
export const zodFieldErrors = (issues: readonly z.core.$ZodIssue[], prefix?: string): FieldError[] =>
  issues.map((issue) => {
    const missing = issue.code === "invalid_type" && issue.input === undefined;
    const field = fieldName(prefix ? [prefix, ...issue.path] : issue.path) || "body";
    return { field, message: missing ? "is required" : issue.message, code: missing ? "required" : "invalid" };
  });

const describe = (errors: FieldError[]) => {
  const first = errors[0];
  return first ? `Validation failed: ${first.field} ${first.message}` : "Validation failed";
};

export const validationFailed = (errors: FieldError[]) =>
  new ApiError(errors.some((e) => e.code !== "required") ? "invalid" : "required", describe(errors), { errors });

type ParseOptions = {
  /** Names fields under this key (`allocations.1.start_at`). */
  prefix?: string;
  /** Query strings answer unstorable text and forbidden keys with 400 rather than 422. */
  refusal?: "invalid" | "bad_request";
};

/**
 * Cleans the input (null-prototype copies; no prototype keys, NUL or lone surrogates: see
 * ./input.ts), then parses it with a zod schema, turning failure into a 422 that names each field.
 */
export const parseInput = <S extends z.ZodType>(schema: S, input: unknown, options: ParseOptions | string = {}): z.output<S> => {
  const { prefix, refusal = "invalid" } = typeof options === "string" ? { prefix: options } : options;
  const cleaned = cleanInput(input, prefix);
  if (cleaned.errors.length > 0) throw new ApiError(refusal, describe(cleaned.errors), { errors: cleaned.errors });
  const result = schema.safeParse(cleaned.value, { reportInput: true });
  if (!result.success) throw validationFailed(zodFieldErrors(result.error.issues, prefix));
  return result.data;
};
