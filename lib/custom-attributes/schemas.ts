import { z } from "zod";
import { attributeDisplayTypes, attributeModels } from "@/db/schema";

/** Chatwoot's integer enums: accepted as the name, the integer or its digits; stored as the integer. */
const enumInput = <const T extends readonly [string, ...string[]]>(names: T) => {
  const oneOf = { message: `must be one of ${names.join(", ")}` };
  return z
    .union([z.enum(names), z.int(), z.string().regex(/^\d+$/).transform(Number)])
    .transform((value) => (typeof value === "number" ? value : names.indexOf(value)))
    .pipe(z.int().min(0, oneOf).max(names.length - 1, oneOf))
    .meta({ description: names.map((name, index) => `${index} ${name}`).join(", ") });
};

export const ZDisplayType = enumInput(attributeDisplayTypes);
export const ZAttributeModel = enumInput(attributeModels);

const isRegex = (pattern: string) => {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
};

const definitionFields = {
  attribute_display_name: z.string().trim().min(1, { message: "can't be blank" }).max(255),
  attribute_display_type: ZDisplayType,
  attribute_description: z.string().max(10_000).nullable().optional(),
  attribute_key: z
    .string()
    .trim()
    .min(1, { message: "can't be blank" })
    .max(255)
    .regex(/^[a-z0-9_]+$/, { message: "may only contain lowercase letters, digits and _" }),
  attribute_values: z.array(z.string().max(255)).max(1000).optional(),
  attribute_model: ZAttributeModel,
  regex_pattern: z.string().max(1000).refine(isRegex, { message: "is not a valid regular expression" }).nullable().optional(),
  regex_cue: z.string().max(1000).nullable().optional(),
  default_value: z.union([z.string().max(10_000), z.number(), z.boolean()]).nullable().optional(),
};

export const ZCreateCustomAttribute = z
  .object({
    ...definitionFields,
    attribute_display_type: definitionFields.attribute_display_type.optional(),
    attribute_model: definitionFields.attribute_model.optional(),
  })
  .meta({ id: "CustomAttributeDefinitionCreate" });
export type CreateCustomAttributeInput = z.output<typeof ZCreateCustomAttribute>;
export const ZUpdateCustomAttribute = z.object(definitionFields).partial().meta({ id: "CustomAttributeDefinitionUpdate" });
export type UpdateCustomAttributeInput = z.output<typeof ZUpdateCustomAttribute>;

export const ZCustomAttributeQuery = z.object({ attribute_model: ZAttributeModel.optional() });

export const ZCustomAttribute = z
  .object({
    id: z.int(),
    attribute_display_name: z.string(),
    attribute_display_type: z.enum(attributeDisplayTypes),
    attribute_description: z.string().nullable(),
    attribute_key: z.string(),
    regex_pattern: z.string().nullable(),
    regex_cue: z.string().nullable(),
    attribute_values: z.array(z.unknown()),
    attribute_model: z.enum(attributeModels),
    default_value: z.unknown(),
    created_at: z.int(),
    updated_at: z.int(),
  })
  .meta({ id: "CustomAttributeDefinition" });
