// GET|PATCH /api/v1/accounts/{account_id} — the account, and its update by an administrator
import { getAccountOp, updateAccountOp } from "@/lib/accounts/operations";
import { presentAccount } from "@/lib/accounts/present";
import { updateAccount } from "@/lib/accounts/update-account";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(getAccountOp, async ({ ctx }) => presentAccount(ctx.account)),
  PATCH: accountRoute(updateAccountOp, async ({ ctx, body }) => presentAccount(await updateAccount(ctx, body))),
});
