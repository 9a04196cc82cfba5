import { and, eq } from "drizzle-orm";
import { notificationSettings } from "@/db/schema";
import type { AccountCtx } from "@/lib/auth/caller";
import { ownUserId } from "./notifications";
import { emailFlagsOf } from "./notify";
import type { UpdateNotificationSettingsInput } from "./schemas";

/** The user's settings row in the account, if they ever saved one (until then the defaults apply). */
export const findNotificationSettings = async (ctx: AccountCtx) => {
  const [row] = await ctx.db
    .select()
    .from(notificationSettings)
    .where(and(eq(notificationSettings.accountId, ctx.account.id), eq(notificationSettings.userId, ownUserId(ctx))));
  return row;
};

/** PATCH: the flags given replace the selected ones; a flag list left out keeps what it was (the defaults, on a first save). */
export const updateNotificationSettings = (ctx: AccountCtx, input: UpdateNotificationSettingsInput) =>
  ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const current = await findNotificationSettings(tx);
    const values = {
      emailFlags: input.selected_email_flags ? [...new Set(input.selected_email_flags)] : [...emailFlagsOf(current)],
      pushFlags: input.selected_push_flags ? [...new Set(input.selected_push_flags)] : (current?.pushFlags ?? []),
    };
    const [row] = await db
      .insert(notificationSettings)
      .values({ accountId: ctx.account.id, userId: ownUserId(ctx), ...values })
      .onConflictDoUpdate({ target: [notificationSettings.accountId, notificationSettings.userId], set: { ...values, updatedAt: new Date() } })
      .returning();
    return row!;
  });
