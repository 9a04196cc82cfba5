"use server";

import { portalFormAction } from "@/lib/portal/action";
import type { FieldKind } from "@/lib/portal/form-input";
import { accountPath } from "@/lib/portal/paths";
import { resetAccessToken } from "@/lib/users/reset-access-token";
import { ZUpdateProfile } from "@/lib/users/schemas";
import { updateProfile } from "@/lib/users/update-profile";

const profileFields = { name: "text", display_name: "nullable", email: "text", message_signature: "nullable" } satisfies Record<string, FieldKind>;
const passwordFields = { current_password: "password", password: "password", password_confirmation: "password" } satisfies Record<
  string,
  FieldKind
>;

export const updateProfileAction = portalFormAction({
  name: "update profile",
  ids: [],
  fields: profileFields,
  body: ZUpdateProfile,
  run: (ctx, body) => updateProfile(ctx, body),
  // The user's name is in the sidebar of every page.
  revalidate: (accountId) => accountPath(accountId),
  success: "Profile saved.",
});

export const changePasswordAction = portalFormAction({
  name: "change password",
  ids: [],
  fields: passwordFields,
  body: ZUpdateProfile,
  run: (ctx, body) => updateProfile(ctx, body),
  success: "Password changed.",
});

export const resetProfileTokenAction = portalFormAction({
  name: "reset profile token",
  ids: [],
  run: (ctx) => resetAccessToken(ctx),
  revalidate: (accountId) => accountPath(accountId, "profile"),
  success: (token) => ({ message: "A new token was issued. The previous token no longer works.", data: { access_token: token } }),
});
