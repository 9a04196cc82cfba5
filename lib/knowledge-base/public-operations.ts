import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { ZLocale } from "./portal-schemas";

export const ZPublicArticlesParams = z.object({ portal_slug: z.string().max(255), locale: ZLocale });
export const ZPublicArticlesQuery = z.object({
  query: z.string().max(255).optional().meta({ description: "Words to find; the last one also as a prefix (results while typing)" }),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
  per_page: z.coerce.number().int().min(1).max(100).optional().meta({ description: "25 by default, at most 100" }),
});

const ZPublicArticle = z.object({
  id: z.int(),
  category_id: z.int().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  content: z.string().meta({ description: "With a query: the matching passage as plain text; without one: the description" }),
  snippet: z.string().optional().meta({ description: "With a query: the matching passage as HTML, matches in <mark>, everything else escaped" }),
  slug: z.string(),
  link: z.string().meta({ description: "The article's page, /hc/{portal_slug}/articles/{slug}" }),
});

export const publicArticlesOp = defineOperation({
  method: "GET",
  path: "/hc/{portal_slug}/{locale}/articles.json",
  summary: "A public help center's published articles in a locale, ranked by a query when one is given (Chatwoot's articles.json; no token)",
  tag: "Help center",
  callers: [],
  params: ZPublicArticlesParams,
  query: ZPublicArticlesQuery,
  response: z.object({ payload: z.array(ZPublicArticle), meta: z.object({ articles_count: z.int(), has_more: z.boolean() }) }),
  errors: [404],
});
