// GET|POST /api/v1/accounts/{account_id}/custom_filters
import { createCustomFilter, listCustomFilters } from "@/lib/custom-filters/custom-filters";
import { createCustomFilterOp, listCustomFiltersOp } from "@/lib/custom-filters/operations";
import { presentCustomFilter } from "@/lib/custom-filters/present";
import { accountRoute, handlers } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: accountRoute(listCustomFiltersOp, async ({ ctx, query }) =>
    (await listCustomFilters(ctx, query.filter_type)).map(presentCustomFilter),
  ),
  POST: accountRoute(createCustomFilterOp, async ({ ctx, body }) => presentCustomFilter(await createCustomFilter(ctx, body))),
});
