import type { z } from "zod";
import { ApiError, type FieldError } from "./errors";

const fieldName = (path: readonly PropertyKey[]) => path.map(String).join(".");

/** zod issues as the standard error list: a missing value is `required`, anything else `invalid`. */
export const zodFieldErrors = (issues: readonly z.core.$ZodIssue[], prefix?: string): FieldError[] =>
  issues.map((issue) => {
    const missing = issue.code === "invalid_type" && issue.input === undefined;
    const field = fieldName(prefix ? [prefix, ...issue.path] : issue.path) || "body";
    return { field, message: missing ? "is required" : issue.message, code: missing ? "required" : "invalid" };
  });

export const validationFailed = (errors: FieldError[]) => {
  const first = errors[0];
  const description = first ? `Validation failed: ${first.field} ${first.message}` : "Validation failed";
  return new ApiError(errors.some((e) => e.code !== "required") ? "invalid" : "required", description, { errors });
};

/** Parses with a zod schema, turning failure into a 422 that names each field. */
export const parseInput = <S extends z.ZodType>(schema: S, input: unknown, prefix?: string): z.output<S> => {
  const result = schema.safeParse(input, { reportInput: true });
  if (!result.success) throw validationFailed(zodFieldErrors(result.error.issues, prefix));
  return result.data;
};
