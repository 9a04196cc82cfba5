import { eq } from "drizzle-orm";
import { mergeJson } from "@/db/json";
import { users } from "@/db/schema";
import type { Ctx, UserCaller } from "@/lib/auth/caller";
import { hashNewPassword, verifyPassword } from "@/lib/auth/passwords";
import { refuseThroughOAuth } from "@/lib/auth/authorize";
import { fieldError } from "@/lib/http/errors";
import { ensureEmailFree } from "./create-user";
import type { UpdateProfileInput } from "./schemas";

/** The signed-in user edits themself. Changing the password needs the current one. */
export const updateProfile = async (ctx: Ctx<UserCaller>, input: UpdateProfileInput) => {
  const me = ctx.caller.user;
  // The email is how the user signs in: a client must not be able to take the account over.
  if (input.password !== undefined) refuseThroughOAuth(ctx, "change the user's password");
  if (input.email !== undefined && input.email.toLowerCase() !== me.email.toLowerCase()) refuseThroughOAuth(ctx, "change the user's email address");
  if (input.password !== undefined && !(await verifyPassword(input.current_password ?? "", me.passwordHash))) {
    throw fieldError("current_password", "is incorrect");
  }
  if (input.email !== undefined && input.email !== me.email) await ensureEmailFree(ctx.db, input.email, me.id);
  const [user] = await ctx.db
    .update(users)
    .set({
      name: input.name,
      displayName: input.display_name,
      email: input.email,
      uid: input.email,
      messageSignature: input.message_signature,
      uiSettings: mergeJson(users.uiSettings, input.ui_settings),
      passwordHash: input.password !== undefined ? await hashNewPassword(input.password, input.email ?? me.email) : undefined,
      updatedAt: new Date(),
    })
    .where(eq(users.id, me.id))
    .returning();
  return user!;
};
