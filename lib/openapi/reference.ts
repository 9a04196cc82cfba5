/**
 * Flattens the OpenAPI document into what the /api-docs page shows: operations grouped by
 * tag, with parameters and body fields as rows. Pure: no I/O.
 */
type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  description?: string;
  additionalProperties?: Schema | boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
};
type Parameter = { name: string; in: string; required?: boolean; schema?: Schema; description?: string };
type OperationObject = {
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
};
export type OpenApiLike = {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, Schema> };
};

export type FieldRow = { name: string; type: string; required: boolean; notes: string };
export type ReferenceOperation = {
  id: string;
  method: string;
  path: string;
  summary: string;
  auth: string;
  parameters: FieldRow[];
  bodyTypes: string[];
  body: FieldRow[];
  responses: { status: string; description: string; type: string }[];
};

const refName = (ref: string) => ref.split("/").pop() ?? ref;

export const typeLabel = (schema: Schema | undefined): string => {
  if (!schema) return "any";
  if (schema.$ref) return refName(schema.$ref);
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return [...new Set(union.map(typeLabel))].join(" | ");
  if (schema.allOf) return schema.allOf.map(typeLabel).join(" & ");
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  return (
    types
      .map((t) => (t === "array" ? `${typeLabel(schema.items)}[]` : t === "object" && !schema.properties ? "object" : t))
      .join(" | ") || "any"
  );
};

const notesOf = (schema: Schema | undefined) => {
  if (!schema) return "";
  const parts = [schema.description, schema.format && `format ${schema.format}`];
  if (schema.minLength !== undefined || schema.maxLength !== undefined) parts.push(`length ${schema.minLength ?? 0}..${schema.maxLength ?? "∞"}`);
  const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? `>${schema.exclusiveMinimum}` : undefined);
  const high = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? `<${schema.exclusiveMaximum}` : undefined);
  if (low !== undefined || high !== undefined) parts.push(`range ${low ?? "-∞"}..${high ?? "∞"}`);
  return parts.filter(Boolean).join("; ");
};

const resolve = (doc: OpenApiLike, schema: Schema | undefined): Schema | undefined =>
  schema?.$ref ? resolve(doc, doc.components?.schemas?.[refName(schema.$ref)]) : schema;

const fieldsOf = (doc: OpenApiLike, schema: Schema | undefined): FieldRow[] => {
  const resolved = resolve(doc, schema);
  if (!resolved?.properties) return [];
  return Object.entries(resolved.properties).map(([name, property]) => ({
    name,
    type: typeLabel(property),
    required: resolved.required?.includes(name) ?? false,
    notes: notesOf(resolve(doc, property)),
  }));
};

const authLabel = (security: Record<string, string[]>[] | undefined) => {
  const names = (security ?? []).flatMap((s) => Object.keys(s));
  if (names.length === 0) return "none";
  return names.map((n) => n.replace(/Token$/, "").replace(/([A-Z])/g, " $1").toLowerCase()).join(" or ") + " token";
};

export const referenceOf = (doc: OpenApiLike) => {
  const groups = new Map<string, ReferenceOperation[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const body = operation.requestBody?.content;
      const entry: ReferenceOperation = {
        id: `${method}-${path}`.replace(/[^a-zA-Z0-9]+/g, "-"),
        method: method.toUpperCase(),
        path,
        summary: operation.summary ?? "",
        auth: authLabel(operation.security),
        parameters: (operation.parameters ?? []).map((p) => ({
          name: p.name,
          type: `${typeLabel(p.schema)} (${p.in})`,
          required: p.required ?? false,
          notes: p.description ?? notesOf(p.schema),
        })),
        bodyTypes: body ? Object.keys(body) : [],
        body: body ? fieldsOf(doc, Object.values(body)[0]?.schema) : [],
        responses: Object.entries(operation.responses).map(([status, response]) => ({
          status,
          description: response.description,
          type: response.content ? typeLabel(Object.values(response.content)[0]?.schema) : "",
        })),
      };
      const tag = operation.tags?.[0] ?? "Other";
      groups.set(tag, [...(groups.get(tag) ?? []), entry]);
    }
  }
  return [...groups.entries()].map(([tag, operations]) => ({ tag, operations }));
};
