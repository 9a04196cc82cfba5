import { z } from "zod";
import { parseInput } from "@/lib/http/validation";

/**
 * A tool's input: a strict object (unknown keys refused, `additionalProperties: false` in the
 * listed JSON Schema) over fields taken from the API's own schemas. `rulesOf` names the API
 * schema whose cross-field rules (refinements: "end_at must be after start_at", "space_id or
 * resource_id is required") come along: `.shape` carries each field's own rules but not those,
 * and zod refuses `.pick()` on a refined schema.
 */
export const toolInput = <S extends z.ZodRawShape>(shape: S, rulesOf?: z.ZodObject) => {
  const input = z.strictObject(shape);
  // The rules read the fields they compare by name, and each is written to skip a field that
  // failed or is absent: they apply to any object holding those fields.
  const rules = (rulesOf?._zod.def.checks ?? []) as z.core.$ZodCheck<z.output<typeof input>>[];
  return rules.length > 0 ? input.check(...rules) : input;
};

/**
 * A body assembled by a tool (its fields plus what the tool fixes, like `private: true`), parsed
 * with the API operation's body schema so the operation's defaults and whole-body rules apply
 * exactly as they do over HTTP.
 */
export const apiBody = <S extends z.ZodType>(schema: S, body: z.input<S>): z.output<S> => parseInput(schema, body);

/** A list the API answers as a bare array, as a tool answers it: structured content must be an object. */
export const wrapped = <S extends z.ZodType>(array: S) => z.object({ payload: array });

/** A paged list's answer: the API's body, plus the cursor of the next page (null at the end). */
export const ZNextCursor = z.string().nullable().describe("Pass as `cursor` to get the next page; null when this was the last page");

/**
 * An operation's response as a tool's output schema: a copy without the response's OpenAPI id
 * (with it the JSON Schema would be a `$ref` into `$defs`, where MCP lists an object), open to
 * members the documented response does not list yet, so a client validating against the
 * output-mode JSON Schema never refuses an answer that grew a member before its schema did.
 */
export const outputOf = <S extends z.ZodObject>(response: S) => response.extend({}).loose();
