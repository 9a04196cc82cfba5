"use server";

import { ZUpdateAccount } from "@/lib/accounts/schemas";
import { updateAccount } from "@/lib/accounts/update-account";
import { portalFormAction } from "@/lib/portal/action";
import type { FieldKind } from "@/lib/portal/form-input";
import { accountPath } from "@/lib/portal/paths";

const fields = { name: "text", locale: "text", support_email: "nullable", timezone: "optional" } satisfies Record<string, FieldKind>;

export const updateAccountAction = portalFormAction({
  name: "update account",
  ids: [],
  fields,
  body: ZUpdateAccount,
  run: (ctx, body) => updateAccount(ctx, body),
  // The account name is in the sidebar of every page of the account.
  revalidate: (accountId) => accountPath(accountId),
  success: "Account settings saved.",
});
