import { and, eq, isNull, like, ne, or, sql } from "drizzle-orm";
import { anyOf } from "@/db/any";
import { articles } from "@/db/schema";
import { findAgent } from "@/lib/agents/agents";
import type { ArticleStatus } from "@/db/schema";
import type { AccountCtx } from "@/lib/auth/caller";
import { ApiError, fieldError, notFound } from "@/lib/http/errors";
import { postgresError } from "@/lib/log";
import { generateArticleSlug } from "./article-slug";
import { freeSlug } from "./slugs";
import { articleStatusCode, articleStatusName } from "./article-status";
import type { ArticleCreateInput, ArticleReorderInput, ArticleUpdateInput } from "./article-schemas";
import { requireArticle, requireCategory, requireKnowledgeManager, requirePortal, type Article, type Portal } from "./lookup";

/*
 * Writing a portal's articles, with Chatwoot's rules (spec §5.3–§5.7, §7.3): the locale follows
 * the category, publishing needs content, a new article (or one moved to another category)
 * goes after the last of its category, translations point at their family's root. Everything a
 * request names must be of this portal (422 naming the field); the slug is unique across the
 * installation (422 `taken`).
 */

/** A record the body names that the lookup does not find: a 422 on that field, not a 404 of the route. */
const named = <T>(lookup: Promise<T>, field: string, message: string): Promise<T> =>
  lookup.catch((error: unknown) => {
    if (error instanceof ApiError && error.code === "not_found") throw fieldError(field, message);
    throw error;
  });

const ofThisPortal = <T>(lookup: Promise<T>, field: string) => named(lookup, field, "must be one of this portal's");

const slugTaken = () => fieldError("slug", "has already been taken", "taken");

/** The unique index may still refuse a slug taken by a concurrent request since we looked. */
const refuseTakenSlug = (error: unknown): never => {
  const pg = postgresError(error);
  if (pg?.code === "23505" && pg.constraint_name === "articles_slug_key") throw slugTaken();
  throw error;
};

const slugInUse = async (ctx: AccountCtx, slug: string, exceptId?: number) => {
  const [row] = await ctx.db
    .select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.slug, slug), exceptId === undefined ? undefined : ne(articles.id, exceptId)));
  return row !== undefined;
};

/** A generated slug that is taken (the same title within the same second) gets `-2`, `-3`…: the caller chose none. */
const freshSlug = async (ctx: AccountCtx, title: string) => {
  const base = generateArticleSlug(title, new Date());
  // Slugs hold only letters, digits and hyphens, so the base needs no LIKE escaping.
  const taken = await ctx.db
    .select({ slug: articles.slug })
    .from(articles)
    .where(or(eq(articles.slug, base), like(articles.slug, `${base}-%`)));
  return freeSlug(base, new Set(taken.map((row) => row.slug)));
};

const ensureSlugFree = async (ctx: AccountCtx, slug: string, exceptId?: number) => {
  if (await slugInUse(ctx, slug, exceptId)) throw slugTaken();
};

const ensureLocaleAllowed = (portal: Portal, locale: string) => {
  if (!portal.config.allowed_locales.includes(locale)) {
    throw fieldError("locale", `must be one of the portal's locales (${portal.config.allowed_locales.join(", ")})`);
  }
};

const ensurePublishable = (status: ArticleStatus, content: string) => {
  if (status === "published" && content.trim() === "") throw fieldError("content", "can't be blank when the article is published");
};

const ensureAuthorIsMember = (ctx: AccountCtx, userId: number) => named(findAgent(ctx, userId), "author_id", "must be a member of this account");

/**
 * After the last article of the category (its highest position + 10; 10 for the first), within
 * the portal. Chatwoot scopes this by account, so its uncategorized articles share one sequence
 * across portals; ours is per portal.
 */
const endOfCategory = async (ctx: AccountCtx, portal: Portal, categoryId: number | null) => {
  const [row] = await ctx.db
    .select({ next: sql<number>`coalesce(max(${articles.position}), 0) + 10` })
    .from(articles)
    .where(and(eq(articles.portalId, portal.id), categoryId === null ? isNull(articles.categoryId) : eq(articles.categoryId, categoryId)));
  return Number(row!.next);
};

/**
 * A translation link is stored as the family's root (Chatwoot's associate_root_article). An
 * article is no translation of itself or of its own family, and a root with translations of
 * its own stays a root.
 */
const familyRoot = async (ctx: AccountCtx, portal: Portal, targetId: number, self: Article | null) => {
  const target = await ofThisPortal(requireArticle(ctx, portal, targetId), "associated_article_id");
  const root = target.associatedArticleId ?? target.id;
  if (!self) return root;
  if (root === self.id) throw fieldError("associated_article_id", "can't be the article itself or one of its own translations");
  const [translation] = await ctx.db.select({ id: articles.id }).from(articles).where(eq(articles.associatedArticleId, self.id)).limit(1);
  if (translation) throw fieldError("associated_article_id", "can't be set on an article that has translations of its own");
  return root;
};

const callerUserId = (ctx: AccountCtx) => (ctx.caller.kind === "user" ? ctx.caller.user.id : null);

export const createArticle = async (ctx: AccountCtx, portalSlug: string, input: ArticleCreateInput) => {
  requireKnowledgeManager(ctx);
  return ctx.db
    .transaction(async (db) => {
      const tx = { ...ctx, db };
      const portal = await requirePortal(tx, portalSlug);
      const category = input.category_id == null ? null : await ofThisPortal(requireCategory(tx, portal, input.category_id), "category_id");
      const locale = category?.locale ?? input.locale ?? portal.config.default_locale;
      ensureLocaleAllowed(portal, locale);
      const status = input.status ?? "draft";
      const content = input.content ?? "";
      ensurePublishable(status, content);
      const authorId = input.author_id ?? callerUserId(ctx);
      if (authorId === null) throw fieldError("author_id", "is required", "required");
      await ensureAuthorIsMember(tx, authorId);
      const associatedArticleId = input.associated_article_id == null ? null : await familyRoot(tx, portal, input.associated_article_id, null);
      if (input.slug !== undefined) await ensureSlugFree(tx, input.slug);
      const slug = input.slug ?? (await freshSlug(tx, input.title));
      const position = input.position ?? (await endOfCategory(tx, portal, category?.id ?? null));
      const [row] = await db
        .insert(articles)
        .values({
          accountId: ctx.account.id,
          portalId: portal.id,
          categoryId: category?.id ?? null,
          authorId,
          title: input.title,
          slug,
          content,
          description: input.description ?? null,
          status: articleStatusCode(status),
          locale,
          position,
          meta: input.meta ?? {},
          associatedArticleId,
        })
        .returning();
      return { portal, article: row! };
    })
    .catch(refuseTakenSlug);
};

export const updateArticle = async (ctx: AccountCtx, portalSlug: string, id: number, input: ArticleUpdateInput) => {
  requireKnowledgeManager(ctx);
  return ctx.db
    .transaction(async (db) => {
      const tx = { ...ctx, db };
      const portal = await requirePortal(tx, portalSlug);
      const article = await requireArticle(tx, portal, id);
      if (Object.values(input).every((value) => value === undefined)) return { portal, article };
      const moved = input.category_id !== undefined && input.category_id !== article.categoryId;
      const categoryId = input.category_id === undefined ? article.categoryId : input.category_id;
      const category =
        categoryId === null
          ? null
          : moved
            ? await ofThisPortal(requireCategory(tx, portal, categoryId), "category_id")
            : await requireCategory(tx, portal, categoryId);
      // The category's locale wins, on every save (as Chatwoot's before_validation).
      const locale = category?.locale ?? input.locale ?? article.locale;
      if (locale !== article.locale) ensureLocaleAllowed(portal, locale);
      const status = input.status ?? articleStatusName(article.status);
      const content = input.content ?? article.content;
      ensurePublishable(status, content);
      if (input.author_id !== undefined) await ensureAuthorIsMember(tx, input.author_id);
      const associatedArticleId =
        input.associated_article_id === undefined
          ? undefined
          : input.associated_article_id === null
            ? null
            : await familyRoot(tx, portal, input.associated_article_id, article);
      if (input.slug !== undefined && input.slug !== article.slug) await ensureSlugFree(tx, input.slug, article.id);
      // Moved to another category: after its last article, unless the request places it.
      const position = input.position ?? (moved ? await endOfCategory(tx, portal, categoryId) : undefined);
      const [row] = await db
        .update(articles)
        .set({
          title: input.title,
          slug: input.slug,
          content: input.content,
          description: input.description,
          status: input.status === undefined ? undefined : articleStatusCode(status),
          categoryId: input.category_id,
          locale,
          position,
          authorId: input.author_id,
          associatedArticleId,
          meta: input.meta,
          updatedAt: new Date(),
        })
        .where(and(eq(articles.portalId, portal.id), eq(articles.id, article.id)))
        .returning();
      return { portal, article: row! };
    })
    .catch(refuseTakenSlug);
};

/** Its translations stay, unlinked (the foreign key sets their associated_article_id to null). */
export const deleteArticle = async (ctx: AccountCtx, portalSlug: string, id: number) => {
  requireKnowledgeManager(ctx);
  await ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const portal = await requirePortal(tx, portalSlug);
    const article = await requireArticle(tx, portal, id);
    await db.delete(articles).where(and(eq(articles.portalId, portal.id), eq(articles.id, article.id)));
  });
};

/**
 * Positions exactly as given, all or nothing: an id that is not an article of this portal is a
 * 404 and nothing is written. Reordering is no edit of the article: `updated_at` stays.
 */
export const reorderArticles = async (ctx: AccountCtx, portalSlug: string, input: ArticleReorderInput) => {
  requireKnowledgeManager(ctx);
  const entries = Object.entries(input.positions_hash).map(([id, position]) => [Number(id), position] as const);
  await ctx.db.transaction(async (db) => {
    const portal = await requirePortal({ ...ctx, db }, portalSlug);
    if (entries.length === 0) return;
    const ids = entries.map(([id]) => id);
    const found = await db
      .select({ id: articles.id })
      .from(articles)
      .where(and(eq(articles.portalId, portal.id), anyOf(articles.id, ids)))
      .for("update");
    if (found.length !== ids.length) throw notFound("Article");
    const values = sql.join(
      entries.map(([id, position]) => sql`(${id}::int, ${position}::int)`),
      sql`, `,
    );
    await db.execute(
      sql`update ${articles} set position = v.position from (values ${values}) as v(id, position) where ${articles.id} = v.id and ${articles.portalId} = ${portal.id}`,
    );
  });
};
