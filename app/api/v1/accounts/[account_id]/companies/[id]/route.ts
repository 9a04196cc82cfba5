// GET|PATCH|DELETE /api/v1/accounts/{account_id}/companies/{id}
import { deleteCompany, findCompany, updateCompany } from "@/lib/companies/companies";
import { deleteCompanyOp, showCompanyOp, updateCompanyOp } from "@/lib/companies/operations";
import { presentCompany } from "@/lib/companies/present";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(showCompanyOp, async ({ ctx, params }) => presentCompany(await findCompany(ctx, params.id))),
  PATCH: accountRoute(updateCompanyOp, async ({ ctx, params, body }) => presentCompany(await updateCompany(ctx, params.id, body))),
  DELETE: accountRoute(deleteCompanyOp, async ({ ctx, params }) => deleteCompany(ctx, params.id)),
});
