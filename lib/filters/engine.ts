import { and, not, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { z } from "zod";
import { ApiError, type FieldError } from "@/lib/http/errors";
import { ZDate } from "@/lib/http/schemas";

/**
 * Chatwoot's filter language (conversations/filter, contacts/filter) as a drizzle condition.
 * Pure: it builds SQL and touches no database. Conditions join left to right through each
 * one's `query_operator`, with AND binding tighter than OR, as SQL itself would read
 * `a AND b OR c` — so Chatwoot clients get the results they expect.
 */
export const filterOperators = [
  "equal_to",
  "not_equal_to",
  "contains",
  "does_not_contain",
  "is_present",
  "is_not_present",
  "is_greater_than",
  "is_less_than",
  "days_before",
  "starts_with",
] as const;
export type FilterOperator = (typeof filterOperators)[number];

const ZValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const ZFilterCondition = z.object({
  attribute_key: z.string().trim().min(1).max(100),
  filter_operator: z.string().trim().min(1).max(50),
  values: z.union([z.array(ZValue).max(100), ZValue]).optional().transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
  query_operator: z
    .string()
    .nullish()
    .transform((v) => v?.toUpperCase() ?? null)
    .pipe(z.enum(["AND", "OR"]).nullable()),
  custom_attribute_type: z.string().nullish(),
});
export type FilterCondition = z.output<typeof ZFilterCondition>;

export const ZFilterPayload = z.object({ payload: z.array(ZFilterCondition).min(1).max(50) }).meta({ id: "FilterPayload" });

export type FieldType = "text" | "number" | "date" | "boolean" | "labels" | "enum";
export type FilterField = { column: AnyColumn | SQL; type: FieldType; values?: Record<string, number> };
export type FilterFields = Record<string, FilterField>;
/** Custom attribute definitions of the model: key → Chatwoot display type (text, number, date, list, checkbox…). */
export type CustomAttributeKeys = { column: AnyColumn; keys: Map<string, string> };

const allowed: Record<FieldType, readonly FilterOperator[]> = {
  text: ["equal_to", "not_equal_to", "contains", "does_not_contain", "starts_with", "is_present", "is_not_present"],
  number: ["equal_to", "not_equal_to", "is_greater_than", "is_less_than", "is_present", "is_not_present"],
  date: ["equal_to", "not_equal_to", "is_greater_than", "is_less_than", "days_before", "is_present", "is_not_present"],
  boolean: ["equal_to", "not_equal_to"],
  labels: ["equal_to", "not_equal_to", "is_present", "is_not_present"],
  enum: ["equal_to", "not_equal_to", "is_present", "is_not_present"],
};

const needsValues = (operator: FilterOperator) => operator !== "is_present" && operator !== "is_not_present";

class ConditionError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** A calendar date (checked to exist), optionally with a valid time of day and zone. */
const isoDate = /^\d{4}-\d{2}-\d{2}([T ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)?)?$/;

const texts = (values: unknown[]) => values.map((v) => String(v ?? "").trim());

const numbers = (values: unknown[]) =>
  values.map((v) => {
    const n = typeof v === "number" ? v : Number(String(v).trim());
    if (String(v).trim() === "" || !Number.isFinite(n)) throw new ConditionError("values", `${JSON.stringify(v)} is not a number`);
    return n;
  });

const dates = (values: unknown[]) =>
  texts(values).map((v) => {
    if (!isoDate.test(v) || !ZDate.safeParse(v.slice(0, 10)).success || Number.isNaN(Date.parse(v))) throw new ConditionError("values", `${JSON.stringify(v)} is not an ISO 8601 date`);
    return v;
  });

const booleans = (values: unknown[]) =>
  values.map((v) => {
    const text = String(v).trim().toLowerCase();
    if (text !== "true" && text !== "false") throw new ConditionError("values", `${JSON.stringify(v)} is not true or false`);
    return text === "true";
  });

const inList = (expression: SQL, items: SQL[]) => sql`${expression} in (${sql.join(items, sql`, `)})`;

const textCondition = (column: SQL, operator: FilterOperator, values: unknown[]): SQL => {
  const items = texts(values);
  const lower = sql`lower(${column})`;
  switch (operator) {
    case "equal_to":
      return inList(lower, items.map((v) => sql`${v.toLowerCase()}`));
    case "not_equal_to":
      return sql`(${column} is null or ${not(inList(lower, items.map((v) => sql`${v.toLowerCase()}`)))})`;
    case "contains":
      return or(...items.map((v) => sql`${column} ilike ${`%${escapeLike(v)}%`}`))!;
    case "does_not_contain":
      return sql`(${column} is null or ${and(...items.map((v) => sql`${column} not ilike ${`%${escapeLike(v)}%`}`))})`;
    case "starts_with":
      return or(...items.map((v) => sql`${column} ilike ${`${escapeLike(v)}%`}`))!;
    case "is_present":
      return sql`(${column} is not null and ${column} <> '')`;
    default:
      return sql`(${column} is null or ${column} = '')`;
  }
};

const comparable = (column: SQL, operator: FilterOperator, items: SQL[]): SQL => {
  switch (operator) {
    case "equal_to":
      return inList(column, items);
    case "not_equal_to":
      return sql`(${column} is null or ${not(inList(column, items))})`;
    case "is_greater_than":
      return sql`${column} > ${items[0]}`;
    case "is_less_than":
      return sql`${column} < ${items[0]}`;
    case "is_present":
      return sql`${column} is not null`;
    default:
      return sql`${column} is null`;
  }
};

const dateCondition = (column: SQL, operator: FilterOperator, values: unknown[]): SQL => {
  if (operator === "days_before") {
    const [days] = numbers(values);
    if (!Number.isInteger(days) || days! < 0) throw new ConditionError("values", "days_before takes a whole number of days");
    return sql`${column} < now() - make_interval(days => ${days})`;
  }
  if (operator === "is_present" || operator === "is_not_present") return comparable(column, operator, []);
  const items = dates(values);
  // A bare date compares by calendar day (UTC); a timestamp compares exactly.
  const day = (v: string) => v.length === 10;
  if (operator === "equal_to" || operator === "not_equal_to") {
    const matches = or(...items.map((v) => (day(v) ? sql`${column}::date = ${v}::date` : sql`${column} = ${v}::timestamptz`)))!;
    return operator === "equal_to" ? matches : sql`(${column} is null or not (${matches}))`;
  }
  const bound = items[0]!;
  if (operator === "is_greater_than") return day(bound) ? sql`${column} >= (${bound}::date + 1)` : sql`${column} > ${bound}::timestamptz`;
  return day(bound) ? sql`${column} < ${bound}::date` : sql`${column} < ${bound}::timestamptz`;
};

const labelsCondition = (column: SQL, operator: FilterOperator, values: unknown[]): SQL => {
  const items = texts(values).map((v) => v.toLowerCase());
  const array = sql`array[${sql.join(items.map((v) => sql`${v}`), sql`, `)}]::text[]`;
  switch (operator) {
    case "equal_to":
      return sql`${column} && ${array}`;
    case "not_equal_to":
      return sql`not (${column} && ${array})`;
    case "is_present":
      return sql`cardinality(${column}) > 0`;
    default:
      return sql`cardinality(${column}) = 0`;
  }
};

const enumCondition = (column: SQL, operator: FilterOperator, values: unknown[], names: Record<string, number>): SQL => {
  if (operator === "is_present" || operator === "is_not_present") return comparable(column, operator, []);
  const items = texts(values).map((v) => {
    const key = v.toLowerCase();
    if (!(key in names)) throw new ConditionError("values", `${JSON.stringify(v)} is not one of ${Object.keys(names).join(", ")}`);
    return sql`${names[key]}`;
  });
  return comparable(column, operator, items);
};

const fieldCondition = (field: FilterField, operator: FilterOperator, values: unknown[]): SQL => {
  const column = sql`${field.column}`;
  switch (field.type) {
    case "text":
      return textCondition(column, operator, values);
    case "number":
      return comparable(column, operator, needsValues(operator) ? numbers(values).map((n) => sql`${n}`) : []);
    case "date":
      return dateCondition(column, operator, values);
    case "boolean": {
      const [value] = booleans(values);
      return operator === "equal_to" ? sql`${column} = ${value}` : sql`${column} is distinct from ${value}`;
    }
    case "labels":
      return labelsCondition(column, operator, values);
    default:
      return enumCondition(column, operator, values, field.values ?? {});
  }
};

/** A custom attribute as a field: jsonb text, with casts guarded so bad stored data never errors. */
const customField = (custom: CustomAttributeKeys, key: string, displayType: string): FilterField => {
  const text = sql`(${custom.column} ->> ${key})`;
  if (["number", "currency", "percent"].includes(displayType)) {
    return { type: "number", column: sql`(case when jsonb_typeof(${custom.column} -> ${key}) = 'number' then (${custom.column} ->> ${key})::numeric end)` };
  }
  if (displayType === "checkbox") return { type: "boolean", column: sql`(${text} = 'true')` };
  if (displayType === "date") {
    return { type: "date", column: sql`(case when ${text} ~ '^\\d{4}-\\d{2}-\\d{2}' then (substring(${text} from 1 for 10))::date end)` };
  }
  return { type: "text", column: text };
};

const resolveField = (key: string, fields: FilterFields, custom?: CustomAttributeKeys): FilterField | undefined => {
  if (Object.hasOwn(fields, key)) return fields[key];
  const displayType = custom?.keys.get(key);
  return custom && displayType ? customField(custom, key, displayType) : undefined;
};

/** Builds the WHERE condition; any unknown key, unsupported operator or bad value is one 422 naming it. */
export const buildFilter = (conditions: FilterCondition[], fields: FilterFields, custom?: CustomAttributeKeys): SQL => {
  const errors: FieldError[] = [];
  const groups: SQL[][] = [[]];
  conditions.forEach((condition, index) => {
    const at = (name: string) => `payload.${index}.${name}`;
    const field = resolveField(condition.attribute_key, fields, custom);
    const operator = condition.filter_operator as FilterOperator;
    if (!field) {
      errors.push({ field: at("attribute_key"), message: `${condition.attribute_key} is not a filterable attribute`, code: "invalid" });
    } else if (!filterOperators.includes(operator) || !allowed[field.type].includes(operator)) {
      errors.push({ field: at("filter_operator"), message: `${condition.filter_operator} does not apply to ${condition.attribute_key}`, code: "invalid" });
    } else if (needsValues(operator) && condition.values.filter((v) => v !== null && String(v).trim() !== "").length === 0) {
      errors.push({ field: at("values"), message: `${condition.filter_operator} needs a value`, code: "required" });
    } else {
      try {
        groups[groups.length - 1]!.push(fieldCondition(field, operator, condition.values));
      } catch (error) {
        if (!(error instanceof ConditionError)) throw error;
        errors.push({ field: at(error.field), message: error.message, code: "invalid" });
      }
    }
    if (condition.query_operator === "OR" && index < conditions.length - 1) groups.push([]);
  });
  if (errors.length > 0) {
    throw new ApiError("invalid", `Invalid filter: ${errors[0]!.field} ${errors[0]!.message}`, { errors });
  }
  return or(...groups.map((group) => and(...group)!))!;
};
