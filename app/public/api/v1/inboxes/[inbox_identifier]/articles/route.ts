// GET /public/api/v1/inboxes/{inbox_identifier}/articles — the inbox's help center, searched by its contacts
import { inboxRoute } from "@/lib/client-api/route";
import { handlers } from "@/lib/http/route";
import { searchInboxArticles } from "@/lib/knowledge-base/search";
import { searchClientArticlesOp } from "@/lib/knowledge-base/search-operations";
import { presentClientArticles } from "@/lib/knowledge-base/search-schemas";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({
  GET: inboxRoute(searchClientArticlesOp, async ({ ctx, query }) => presentClientArticles(await searchInboxArticles(ctx, query))),
});
