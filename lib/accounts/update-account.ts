import { eq } from "drizzle-orm";
import { mergeJson } from "@/db/json";
import { accounts } from "@/db/schema";
import { requireAdmin } from "@/lib/auth/authorize";
import type { AccountCtx } from "@/lib/auth/caller";
import type { UpdateAccountInput } from "./schemas";

const settingKeys = [
  "auto_resolve_after",
  "auto_resolve_message",
  "auto_resolve_ignore_waiting",
  "auto_resolve_label",
  "keep_pending_on_bot_failure",
] as const;
const attributeKeys = ["industry", "company_size", "timezone"] as const;

const pick = (input: UpdateAccountInput, keys: readonly (keyof UpdateAccountInput)[]) =>
  Object.fromEntries(keys.filter((key) => input[key] !== undefined).map((key) => [key, input[key]]));

/** Administrators only. Settings and custom attributes merge into what the account has. */
export const updateAccount = async (ctx: AccountCtx, input: UpdateAccountInput) => {
  requireAdmin(ctx, "account.update");
  const [account] = await ctx.db
    .update(accounts)
    .set({
      name: input.name,
      locale: input.locale,
      domain: input.domain,
      supportEmail: input.support_email,
      settings: mergeJson(accounts.settings, pick(input, settingKeys)),
      customAttributes: mergeJson(accounts.customAttributes, { ...input.custom_attributes, ...pick(input, attributeKeys) }),
      updatedAt: new Date(),
    })
    .where(eq(accounts.id, ctx.account.id))
    .returning();
  return account!;
};
