// GET|POST /platform/api/v1/accounts
import { handlers, platformRoute } from "@/lib/http/route";
import { createPlatformAccount, listPlatformAccounts, presentPlatformAccount } from "@/lib/platform/accounts";
import { createPlatformAccountOp, listPlatformAccountsOp } from "@/lib/platform/operations";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: platformRoute(listPlatformAccountsOp, async ({ ctx }) => (await listPlatformAccounts(ctx)).map(presentPlatformAccount)),
  POST: platformRoute(createPlatformAccountOp, async ({ ctx, body }) => presentPlatformAccount(await createPlatformAccount(ctx, body))),
});
