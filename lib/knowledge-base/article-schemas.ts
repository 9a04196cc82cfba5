import { z } from "zod";
import { articleStatuses } from "@/db/schema";
import { ZAgent } from "@/lib/agents/schemas";
import { ZBodyId, ZId, maxRecordId } from "@/lib/http/schemas";
import { ZLocale } from "./portal-schemas";
import { ZSlug } from "./slugs";
import { parseArticleStatus } from "./article-status";

/** `/portals/{portal_slug}/articles`: the portal by its slug, as Chatwoot addresses it. */
export const ZPortalArticlesParams = z.object({ account_id: ZId, portal_slug: z.string().max(255) });
export const ZPortalArticleParams = ZPortalArticlesParams.extend({ id: ZId });

const statusMessage = `must be one of ${articleStatuses.join(", ")} (or 0, 1, 2)`;
/** A status by name or by number (JSON integer or digit string), as the stored name. */
export const ZArticleStatus = z
  .union([z.enum(articleStatuses), z.literal([0, 1, 2]), z.enum(["0", "1", "2"])], { error: statusMessage })
  .transform((value) => parseArticleStatus(value)!);


/** SEO metadata; other keys are dropped, as Chatwoot's strong params drop them. */
const ZArticleMeta = z.object({
  title: z.string().trim().max(255).optional(),
  description: z.string().trim().max(1_000).optional(),
  tags: z.array(z.string().trim().min(1).max(100)).max(50).optional(),
});

/** "" and null both leave an optional value unset (Chatwoot's dashboard sends either). */
const unsetWhenBlank = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value), schema.optional());

const articleFields = {
  title: z.string().trim().min(1, { message: "can't be blank" }).max(255),
  slug: unsetWhenBlank(ZSlug).meta({ description: "Generated from the title when absent: `<unix seconds>-<title words>`" }),
  content: z
    .string()
    .max(200_000)
    .nullish()
    .transform((value) => value ?? undefined)
    .meta({ description: "Markdown; required to publish" }),
  description: z.string().trim().max(10_000).nullish(),
  status: ZArticleStatus.optional().meta({ description: "draft (default), published or archived; or 0, 1, 2" }),
  category_id: ZBodyId.nullish().meta({ description: "A category of this portal; the article then takes its locale" }),
  locale: unsetWhenBlank(ZLocale).meta({ description: "Without a category: one of the portal's allowed locales (default: the portal's default)" }),
  position: z
    .int()
    .min(-maxRecordId)
    .max(maxRecordId)
    .nullish()
    .transform((value) => value ?? undefined)
    .meta({ description: "Absent or null: after the last article of its category (highest + 10)" }),
  author_id: ZBodyId.optional().meta({ description: "A member of the account; default: the caller" }),
  associated_article_id: ZBodyId.nullish().meta({ description: "The same article in another locale (stored as its family's root)" }),
  meta: ZArticleMeta.optional(),
};

export const ZArticleCreate = z.object(articleFields).meta({ id: "ArticleCreate" });
export type ArticleCreateInput = z.output<typeof ZArticleCreate>;
export const ZArticleUpdate = z.object(articleFields).partial().meta({ id: "ArticleUpdate" });
export type ArticleUpdateInput = z.output<typeof ZArticleUpdate>;

/** Reorder: article id → position, for articles of this portal. */
export const ZArticleReorder = z
  .object({
    positions_hash: z
      .record(
        z.string().regex(/^[1-9]\d{0,9}$/, { message: "keys must be article ids" }).refine((id) => Number(id) <= maxRecordId, { message: "keys must be article ids" }),
        z.int().min(-maxRecordId).max(maxRecordId),
      )
      .refine((hash) => Object.keys(hash).length <= 1_000, { message: "at most 1000 articles at once" })
      .default({}),
  })
  .meta({ id: "ArticleReorder" });
export type ArticleReorderInput = z.output<typeof ZArticleReorder>;

export const articlesPerPage = 25;

/** An optional query value: "" is the same as leaving it out. */
const optionalQuery = <S extends z.ZodType>(schema: S) => z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

export const ZArticleListQuery = z.object({
  locale: optionalQuery(ZLocale),
  category_slug: optionalQuery(z.string().max(255)).meta({ description: "Articles of the categories with this slug (every locale unless `locale` is given); ordered by position" }),
  status: optionalQuery(ZArticleStatus),
  author_id: optionalQuery(ZId),
  query: optionalQuery(z.string().trim().max(200)).meta({ description: "Full-text words (prefixes match) over title, description, tags and content" }),
  page: optionalQuery(z.coerce.number().int().min(1).max(100_000))
    .transform((page) => page ?? 1)
    .meta({ description: `1-based page (${articlesPerPage} per page)` }),
});
export type ArticleListQuery = z.output<typeof ZArticleListQuery>;

// Responses.

const ZArticleCategory = z
  .object({ id: z.int().nullable(), name: z.string().nullable(), slug: z.string().nullable(), locale: z.string().nullable() })
  .meta({ description: "Always present; every value null when the article has no category" });

const ZArticlePortalSummary = z
  .object({ id: z.int(), name: z.string(), slug: z.string(), account_id: z.int(), color: z.string(), custom_domain: z.string().nullable(), archived: z.boolean() })
  .meta({ id: "ArticlePortalSummary" });

const ZAssociatedArticle = z
  .object({
    id: z.int(),
    category_id: z.int().nullable(),
    title: z.string(),
    content: z.string(),
    description: z.string().nullable(),
    status: z.enum(articleStatuses),
    account_id: z.int(),
    locale: z.string(),
    portal: ZArticlePortalSummary,
    views: z.int().nullable(),
    author: ZAgent.optional(),
  })
  .meta({ id: "AssociatedArticle" });

const ZArticleMetaOut = z.object({ title: z.string().optional(), description: z.string().optional(), tags: z.array(z.string()).optional() });

export const ZArticle = z
  .object({
    id: z.int(),
    slug: z.string(),
    title: z.string(),
    content: z.string(),
    description: z.string().nullable(),
    status: z.enum(articleStatuses),
    position: z.int().nullable(),
    account_id: z.int(),
    updated_at: z.int().meta({ description: "Unix time, seconds" }),
    meta: ZArticleMetaOut,
    category: ZArticleCategory,
    views: z.int().nullable().meta({ description: "Null until the first view" }),
    author: ZAgent.optional().meta({ description: "Absent when the author is no longer a member of the account" }),
    associated_articles: z.array(ZAssociatedArticle).optional().meta({ description: "Its translations; absent when there are none" }),
    locale: z.string(),
    associated_article_id: z.int().nullable(),
  })
  .meta({ id: "Article" });

export const ZArticleResult = z.object({ payload: ZArticle }).meta({ id: "ArticleResult" });

export const ZArticleList = z
  .object({
    payload: z.array(ZArticle),
    meta: z.object({
      all_articles_count: z.int().meta({ description: "Every article of the portal" }),
      articles_count: z.int().meta({ description: "Matching locale, category_slug and query (not status or author)" }),
      mine_articles_count: z.int(),
      published_count: z.int(),
      draft_articles_count: z.int(),
      archived_articles_count: z.int(),
      current_page: z.int(),
    }),
  })
  .meta({ id: "ArticleList" });
