import { z } from "zod";
import type { StandardSchemaWithJSON } from "@modelcontextprotocol/server";
import type { Tool } from "./tool";

/*
 * A tool's schemas as the SDK takes them (Standard Schema with JSON Schema). The JSON Schema is
 * converted from the tool's zod schema once per process, not per request, and every object in
 * it is closed (`additionalProperties: false`): the tool refuses unknown keys, and says so.
 * Validation is ours (`callTool` parses with the API's request layer), so `validate` here passes
 * the arguments through untouched.
 */

type Json = Record<string, unknown>;

const closeObjects = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(closeObjects);
  if (typeof node !== "object" || node === null) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) out[key] = closeObjects(value);
  if (out.type === "object" && out.properties !== undefined && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
};

export const toJsonSchema = (schema: z.ZodType, io: "input" | "output"): Json => {
  const json = z.toJSONSchema(schema, { io, target: "draft-2020-12", unrepresentable: "any" }) as Json;
  return (io === "input" ? closeObjects(json) : json) as Json;
};

const standard = (json: Json): StandardSchemaWithJSON => ({
  "~standard": {
    version: 1,
    vendor: "venuedesk",
    validate: (value: unknown) => ({ value }),
    jsonSchema: { input: () => json, output: () => json },
  },
});

const listed = new WeakMap<Tool, { input: StandardSchemaWithJSON; output?: StandardSchemaWithJSON }>();

/** The input and (when the result is an object) output schemas the SDK lists for a tool. */
export const listedSchemas = (tool: Tool) => {
  let schemas = listed.get(tool);
  if (!schemas) {
    const output = tool.output ? toJsonSchema(tool.output, "output") : undefined;
    schemas = { input: standard(toJsonSchema(tool.input, "input")), output: output?.type === "object" ? standard(output) : undefined };
    listed.set(tool, schemas);
  }
  return schemas;
};
