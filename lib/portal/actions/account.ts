"use server";

import { revalidatePath } from "next/cache";
import { ZUpdateAccount } from "@/lib/accounts/schemas";
import { updateAccount } from "@/lib/accounts/update-account";
import { portalContext } from "@/lib/auth/session";
import { parseInput } from "@/lib/http/validation";
import { failure, readForm, type FieldKind } from "@/lib/portal/form-input";
import type { FormState } from "@/lib/portal/form-state";
import { accountPath } from "@/lib/portal/paths";

const fields = { name: "text", locale: "text", support_email: "nullable", timezone: "optional" } satisfies Record<string, FieldKind>;

export const updateAccountAction = async (accountId: number, _state: FormState, formData: FormData): Promise<FormState> => {
  const { input, values } = readForm(formData, fields);
  try {
    await updateAccount(await portalContext(accountId), parseInput(ZUpdateAccount, input));
  } catch (error) {
    return failure(error, Object.keys(fields), values);
  }
  // The account name is in the sidebar of every page of the account.
  revalidatePath(accountPath(accountId), "layout");
  return { status: "success", errors: {}, message: "Account settings saved." };
};
