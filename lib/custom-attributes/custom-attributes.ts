import { and, asc, eq, ne, sql } from "drizzle-orm";
import { builtOnce } from "@/db/prepared";
import { attributeDisplayTypes, attributeModels, customAttributeDefinitions } from "@/db/schema";
import { requireAdmin } from "@/lib/auth/authorize";
import type { AccountCtx } from "@/lib/auth/caller";
import { fieldError, notFound } from "@/lib/http/errors";
import type { CustomAttributeDefinition } from "./present";
import type { CreateCustomAttributeInput, UpdateCustomAttributeInput } from "./schemas";

/** Keys Chatwoot already uses for the model's standard fields (its `STANDARD_ATTRIBUTES`). */
const standardKeys: Record<number, readonly string[]> = {
  0: [
    "status",
    "priority",
    "assignee_id",
    "inbox_id",
    "team_id",
    "display_id",
    "campaign_id",
    "labels",
    "browser_language",
    "country_code",
    "referer",
    "created_at",
    "last_activity_at",
  ],
  1: [
    "name",
    "email",
    "phone_number",
    "identifier",
    "country_code",
    "city",
    "company_name",
    "created_at",
    "last_activity_at",
    "referer",
    "blocked",
  ],
};

/** Every member may read the definitions; `attributeModel` narrows them to one model. */
export const listCustomAttributes = (ctx: AccountCtx, options: { attributeModel?: number } = {}): Promise<CustomAttributeDefinition[]> =>
  ctx.db
    .select()
    .from(customAttributeDefinitions)
    .where(
      and(
        eq(customAttributeDefinitions.accountId, ctx.account.id),
        options.attributeModel === undefined ? undefined : eq(customAttributeDefinitions.attributeModel, options.attributeModel),
      ),
    )
    .orderBy(asc(customAttributeDefinitions.attributeModel), asc(customAttributeDefinitions.id));

/** The account's definitions of one model, key and display type: every filter request reads them (built once). */
const attributeKeysQuery = builtOnce((db) =>
  db
    .select({ key: customAttributeDefinitions.attributeKey, type: customAttributeDefinitions.attributeDisplayType })
    .from(customAttributeDefinitions)
    .where(and(eq(customAttributeDefinitions.accountId, sql.placeholder("accountId")), eq(customAttributeDefinitions.attributeModel, sql.placeholder("model"))))
    .prepare("custom_attribute_keys"),
);

/** What a filter may name beyond the model's standard fields: custom attribute key → Chatwoot display type (text, number, date, list…). */
export const customAttributeKeys = async (ctx: AccountCtx, model: (typeof attributeModels)[number]) => {
  const definitions = await attributeKeysQuery(ctx.db).execute({ accountId: ctx.account.id, model: attributeModels.indexOf(model) });
  return new Map(definitions.map((d) => [d.key, attributeDisplayTypes[d.type] ?? "text"]));
};

export const findCustomAttribute = async (ctx: AccountCtx, id: number): Promise<CustomAttributeDefinition> => {
  const [row] = await ctx.db
    .select()
    .from(customAttributeDefinitions)
    .where(and(eq(customAttributeDefinitions.accountId, ctx.account.id), eq(customAttributeDefinitions.id, id)));
  if (!row) throw notFound("Custom attribute definition");
  return row;
};

const ensureKeyUsable = async (ctx: AccountCtx, key: string, model: number, exceptId?: number) => {
  if (standardKeys[model]?.includes(key)) throw fieldError("attribute_key", "conflicts with a standard attribute");
  const [taken] = await ctx.db
    .select({ id: customAttributeDefinitions.id })
    .from(customAttributeDefinitions)
    .where(
      and(
        eq(customAttributeDefinitions.accountId, ctx.account.id),
        eq(customAttributeDefinitions.attributeModel, model),
        eq(customAttributeDefinitions.attributeKey, key),
        exceptId ? ne(customAttributeDefinitions.id, exceptId) : undefined,
      ),
    );
  if (taken) throw fieldError("attribute_key", "has already been taken", "taken");
};

export const createCustomAttribute = async (ctx: AccountCtx, input: CreateCustomAttributeInput): Promise<CustomAttributeDefinition> => {
  requireAdmin(ctx, "agents.manage");
  const model = input.attribute_model ?? 0;
  await ensureKeyUsable(ctx, input.attribute_key, model);
  const [row] = await ctx.db
    .insert(customAttributeDefinitions)
    .values({
      accountId: ctx.account.id,
      attributeDisplayName: input.attribute_display_name,
      attributeDisplayType: input.attribute_display_type ?? 0,
      attributeDescription: input.attribute_description ?? null,
      attributeKey: input.attribute_key,
      attributeValues: input.attribute_values ?? [],
      attributeModel: model,
      regexPattern: input.regex_pattern ?? null,
      regexCue: input.regex_cue ?? null,
      defaultValue: input.default_value ?? null,
    })
    .returning();
  return row!;
};

export const updateCustomAttribute = async (
  ctx: AccountCtx,
  id: number,
  input: UpdateCustomAttributeInput,
): Promise<CustomAttributeDefinition> => {
  requireAdmin(ctx, "agents.manage");
  const current = await findCustomAttribute(ctx, id);
  const key = input.attribute_key ?? current.attributeKey;
  const model = input.attribute_model ?? current.attributeModel;
  if (key !== current.attributeKey || model !== current.attributeModel) await ensureKeyUsable(ctx, key, model, id);
  const [row] = await ctx.db
    .update(customAttributeDefinitions)
    .set({
      attributeDisplayName: input.attribute_display_name,
      attributeDisplayType: input.attribute_display_type,
      attributeDescription: input.attribute_description,
      attributeKey: input.attribute_key,
      attributeValues: input.attribute_values,
      attributeModel: input.attribute_model,
      regexPattern: input.regex_pattern,
      regexCue: input.regex_cue,
      defaultValue: input.default_value,
      updatedAt: new Date(),
    })
    .where(and(eq(customAttributeDefinitions.accountId, ctx.account.id), eq(customAttributeDefinitions.id, id)))
    .returning();
  return row!;
};

/** Values already stored on conversations and contacts stay; only the definition goes. */
export const deleteCustomAttribute = async (ctx: AccountCtx, id: number) => {
  requireAdmin(ctx, "agents.manage");
  await findCustomAttribute(ctx, id);
  await ctx.db
    .delete(customAttributeDefinitions)
    .where(and(eq(customAttributeDefinitions.accountId, ctx.account.id), eq(customAttributeDefinitions.id, id)));
};
