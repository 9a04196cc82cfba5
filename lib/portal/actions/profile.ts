"use server";

import { revalidatePath } from "next/cache";
import { portalContext } from "@/lib/auth/session";
import { parseInput } from "@/lib/http/validation";
import { resetAccessToken } from "@/lib/users/reset-access-token";
import { ZUpdateProfile } from "@/lib/users/schemas";
import { updateProfile } from "@/lib/users/update-profile";
import { failure, readForm, type FieldKind } from "@/lib/portal/form-input";
import type { FormState } from "@/lib/portal/form-state";
import { accountPath } from "@/lib/portal/paths";

const profileFields = { name: "text", display_name: "nullable", email: "text", message_signature: "nullable" } satisfies Record<
  string,
  FieldKind
>;
const passwordFields = { current_password: "password", password: "password", password_confirmation: "password" } satisfies Record<
  string,
  FieldKind
>;

export const updateProfileAction = async (accountId: number, _state: FormState, formData: FormData): Promise<FormState> => {
  const { input, values } = readForm(formData, profileFields);
  try {
    await updateProfile(await portalContext(accountId), parseInput(ZUpdateProfile, input));
  } catch (error) {
    return failure(error, Object.keys(profileFields), values);
  }
  // The user's name is in the sidebar of every page.
  revalidatePath(accountPath(accountId), "layout");
  return { status: "success", errors: {}, message: "Profile saved." };
};

export const changePasswordAction = async (accountId: number, _state: FormState, formData: FormData): Promise<FormState> => {
  const { input } = readForm(formData, passwordFields);
  try {
    await updateProfile(await portalContext(accountId), parseInput(ZUpdateProfile, input));
  } catch (error) {
    return failure(error, Object.keys(passwordFields));
  }
  return { status: "success", errors: {}, message: "Password changed." };
};

export const resetProfileTokenAction = async (accountId: number): Promise<FormState> => {
  let token: string;
  try {
    token = await resetAccessToken(await portalContext(accountId));
  } catch (error) {
    return failure(error, []);
  }
  revalidatePath(accountPath(accountId, "profile"));
  return {
    status: "success",
    errors: {},
    message: "A new token was issued. The previous token no longer works.",
    data: { access_token: token },
  };
};
