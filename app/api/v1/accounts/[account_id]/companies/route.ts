// GET|POST /api/v1/accounts/{account_id}/companies
import { createCompany, listCompanies } from "@/lib/companies/companies";
import { createCompanyOp, listCompaniesOp } from "@/lib/companies/operations";
import { presentCompany, presentCompanyPage } from "@/lib/companies/present";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(listCompaniesOp, async ({ ctx, query }) => presentCompanyPage(await listCompanies(ctx, query))),
  POST: accountRoute(createCompanyOp, async ({ ctx, body }) => presentCompany(await createCompany(ctx, body))),
});
