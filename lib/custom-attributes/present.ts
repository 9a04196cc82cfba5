import { attributeDisplayTypes, attributeModels, type customAttributeDefinitions } from "@/db/schema";
import { unixTime } from "@/lib/http/schemas";

export type CustomAttributeDefinition = typeof customAttributeDefinitions.$inferSelect;

/** Enums go out as their names, as Chatwoot renders them. */
export const presentCustomAttribute = (row: CustomAttributeDefinition) => ({
  id: row.id,
  attribute_display_name: row.attributeDisplayName,
  attribute_display_type: attributeDisplayTypes[row.attributeDisplayType] ?? "text",
  attribute_description: row.attributeDescription,
  attribute_key: row.attributeKey,
  regex_pattern: row.regexPattern,
  regex_cue: row.regexCue,
  attribute_values: row.attributeValues,
  attribute_model: attributeModels[row.attributeModel] ?? "conversation_attribute",
  default_value: row.defaultValue ?? null,
  created_at: unixTime(row.createdAt)!,
  updated_at: unixTime(row.updatedAt)!,
});
