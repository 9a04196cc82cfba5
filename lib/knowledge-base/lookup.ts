import { and, asc, eq } from "drizzle-orm";
import { articles, portalCategories, portals } from "@/db/schema";
import { requirePermission } from "@/lib/auth/authorize";
import type { AccountCtx } from "@/lib/auth/caller";
import { fieldError, notFound } from "@/lib/http/errors";

/*
 * The help center's records as the account's own: a portal by its slug (as Chatwoot addresses
 * it), its categories and articles by id within it. Another account's, or another portal's, is
 * a 404.
 */

export type Portal = typeof portals.$inferSelect;
export type Category = typeof portalCategories.$inferSelect;
export type Article = typeof articles.$inferSelect;

export const requirePortal = async (ctx: AccountCtx, slug: string, options: { lock?: boolean } = {}): Promise<Portal> => {
  const query = ctx.db
    .select()
    .from(portals)
    .where(and(eq(portals.accountId, ctx.account.id), eq(portals.slug, slug)));
  const [portal] = options.lock ? await query.for("update") : await query;
  if (!portal) throw notFound("Portal");
  return portal;
};

export const requireCategory = async (ctx: AccountCtx, portal: Portal, id: number): Promise<Category> => {
  const [category] = await ctx.db
    .select()
    .from(portalCategories)
    .where(and(eq(portalCategories.portalId, portal.id), eq(portalCategories.id, id)));
  if (!category) throw notFound("Category");
  return category;
};

export const requireArticle = async (ctx: AccountCtx, portal: Portal, id: number): Promise<Article> => {
  const [article] = await ctx.db
    .select()
    .from(articles)
    .where(and(eq(articles.portalId, portal.id), eq(articles.id, id)));
  if (!article) throw notFound("Article");
  return article;
};

/** Writing portals, categories, articles and galleries: administrators, and members granted knowledge_base_manage. */
export const requireKnowledgeManager = (ctx: AccountCtx) => requirePermission(ctx, "knowledge_base_manage");

/** A category of any of the account's portals, named by a field of another record (a space's knowledgebase_id). */
export const requireOwnCategory = async (ctx: AccountCtx, id: number, field: string): Promise<Category> => {
  const [category] = await ctx.db
    .select()
    .from(portalCategories)
    .where(and(eq(portalCategories.accountId, ctx.account.id), eq(portalCategories.id, id)));
  if (!category) throw fieldError(field, "is not a help-center category of this account");
  return category;
};

/** The account's categories as a picker lists them: by portal, locale and position. */
export const categoryChoices = (ctx: AccountCtx) =>
  ctx.db
    .select({ id: portalCategories.id, name: portalCategories.name, locale: portalCategories.locale, portal: portals.name })
    .from(portalCategories)
    .innerJoin(portals, eq(portals.id, portalCategories.portalId))
    .where(eq(portalCategories.accountId, ctx.account.id))
    .orderBy(asc(portals.name), asc(portalCategories.locale), asc(portalCategories.position), asc(portalCategories.id))
    .limit(1000);
