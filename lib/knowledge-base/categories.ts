import { and, asc, count, eq, like, max, sql } from "drizzle-orm";
import { anyOf } from "@/db/any";
import { articles, portalCategories, relatedCategories } from "@/db/schema";
import type { DbOrTx } from "@/db/client";
import type { AccountCtx } from "@/lib/auth/caller";
import { fieldError, notFound } from "@/lib/http/errors";
import { postgresError } from "@/lib/log";
import { requireCategory, requireKnowledgeManager, requirePortal, type Category, type Portal } from "./lookup";
import { categoriesPerPage, type CategoryInput, type CategoryPatch, type CategoryReorder } from "./category-schemas";
import type { CategoryView } from "./present-portal";
import { freeSlug, maxSlugLength, slugify } from "./slugs";

/*
 * A portal's categories: one row per locale (the same slug may exist once in each), ordered by
 * position. Every member reads them; writing needs knowledge_base_manage. Parent, translation
 * root and related categories are of the same portal. A deleted category's articles stay,
 * uncategorized, and its sub-categories lose their parent (foreign keys set null).
 */

const positionStep = 10;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const translateTakenSlug = (error: unknown): never => {
  const pg = postgresError(error);
  if (pg?.code === "23505" && pg.constraint_name === "portal_categories_slug_key") {
    throw fieldError("slug", "has already been taken in this portal and locale", "taken");
  }
  throw error;
};

const requireAllowedLocale = (portal: Portal, locale: string) => {
  if (!portal.config.allowed_locales.includes(locale)) {
    throw fieldError("locale", `must be one of the portal's locales (${portal.config.allowed_locales.join(", ")})`);
  }
};

/** The ids must name categories of this portal: 422 on `field` otherwise. */
const requireOwnCategories = async (db: DbOrTx, portal: Portal, ids: readonly number[], field: string) => {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  const [found] = await db
    .select({ n: count() })
    .from(portalCategories)
    .where(and(eq(portalCategories.portalId, portal.id), anyOf(portalCategories.id, wanted)));
  if (found!.n !== wanted.length) throw fieldError(field, wanted.length === 1 ? "must be a category of this portal" : "must all be categories of this portal");
};

/** A parent that is the category itself, or one of its descendants, would make a loop. */
const refuseParentLoop = async (db: DbOrTx, categoryId: number, parentId: number) => {
  if (parentId === categoryId) throw fieldError("parent_category_id", "can't be the category itself");
  const [loop] = await db.execute<{ found: number }>(sql`
    with recursive ancestors(id, parent_id) as (
      select id, parent_category_id from portal_categories where id = ${parentId}
      union
      select c.id, c.parent_category_id from portal_categories c join ancestors a on c.id = a.parent_id
    )
    select 1 as found from ancestors where id = ${categoryId} limit 1`);
  if (loop) throw fieldError("parent_category_id", "can't be one of the category's own sub-categories");
};

const checkReferences = async (db: DbOrTx, portal: Portal, input: CategoryPatch, self?: number) => {
  if (self !== undefined) {
    if (input.associated_category_id === self) throw fieldError("associated_category_id", "can't be the category itself");
    if (input.related_category_ids?.includes(self)) throw fieldError("related_category_ids", "can't include the category itself");
  }
  if (input.parent_category_id != null) await requireOwnCategories(db, portal, [input.parent_category_id], "parent_category_id");
  if (input.associated_category_id != null) await requireOwnCategories(db, portal, [input.associated_category_id], "associated_category_id");
  if (input.related_category_ids) await requireOwnCategories(db, portal, input.related_category_ids, "related_category_ids");
  if (self !== undefined && input.parent_category_id != null) await refuseParentLoop(db, self, input.parent_category_id);
};

/** The name's slug, or the first free variant of it in the portal's locale (`faq`, `faq-2`…). */
const generatedSlug = async (db: DbOrTx, portal: Portal, locale: string, name: string) => {
  const base = slugify(name) || "category";
  const prefix = base.slice(0, maxSlugLength - 12);
  const rows = await db
    .select({ slug: portalCategories.slug })
    .from(portalCategories)
    .where(and(eq(portalCategories.portalId, portal.id), eq(portalCategories.locale, locale), like(portalCategories.slug, `${escapeLike(prefix)}%`)));
  return freeSlug(base, new Set(rows.map((row) => row.slug)));
};

const nextPosition = async (db: DbOrTx, portal: Portal, locale: string) => {
  const [row] = await db
    .select({ highest: max(portalCategories.position) })
    .from(portalCategories)
    .where(and(eq(portalCategories.portalId, portal.id), eq(portalCategories.locale, locale)));
  return (row?.highest ?? 0) + positionStep;
};

const replaceRelated = async (db: DbOrTx, categoryId: number, ids: readonly number[] | undefined) => {
  if (ids === undefined) return;
  await db.delete(relatedCategories).where(eq(relatedCategories.categoryId, categoryId));
  const unique = [...new Set(ids)];
  if (unique.length > 0) await db.insert(relatedCategories).values(unique.map((relatedCategoryId) => ({ categoryId, relatedCategoryId })));
};

export const listCategories = async (ctx: AccountCtx, slug: string, query: { locale?: string; page?: number }) => {
  const portal = await requirePortal(ctx, slug);
  const page = query.page ?? 1;
  const rows = await ctx.db
    .select()
    .from(portalCategories)
    .where(and(eq(portalCategories.portalId, portal.id), query.locale ? eq(portalCategories.locale, query.locale) : undefined))
    .orderBy(sql`${portalCategories.position} asc nulls last`, asc(portalCategories.id))
    .limit(categoriesPerPage)
    .offset((page - 1) * categoriesPerPage);
  return { rows, page, views: await categoryViews(ctx.db, rows, query.locale) };
};

export const showCategory = async (ctx: AccountCtx, slug: string, id: number) => {
  const portal = await requirePortal(ctx, slug);
  return withView(ctx.db, await requireCategory(ctx, portal, id));
};

export const createCategory = async (ctx: AccountCtx, slug: string, input: CategoryInput) => {
  requireKnowledgeManager(ctx);
  const category = await ctx.db.transaction(async (db) => {
    // Locked, so two creations in the same locale never take the same next position or slug.
    const portal = await requirePortal({ ...ctx, db }, slug, { lock: true });
    const locale = input.locale ?? portal.config.default_locale;
    requireAllowedLocale(portal, locale);
    await checkReferences(db, portal, input);
    const [row] = await db
      .insert(portalCategories)
      .values({
        accountId: portal.accountId,
        portalId: portal.id,
        name: input.name,
        slug: input.slug ?? (await generatedSlug(db, portal, locale, input.name)),
        locale,
        description: input.description ?? null,
        position: input.position ?? (await nextPosition(db, portal, locale)),
        icon: input.icon ?? "",
        parentCategoryId: input.parent_category_id ?? null,
        associatedCategoryId: input.associated_category_id ?? null,
      })
      .returning()
      .catch(translateTakenSlug);
    await replaceRelated(db, row!.id, input.related_category_ids);
    return row!;
  });
  return withView(ctx.db, category);
};

export const updateCategory = async (ctx: AccountCtx, slug: string, id: number, input: CategoryPatch) => {
  requireKnowledgeManager(ctx);
  const category = await ctx.db.transaction(async (db) => {
    const portal = await requirePortal({ ...ctx, db }, slug, { lock: true });
    const current = await requireCategory({ ...ctx, db }, portal, id);
    if (input.locale !== undefined && input.locale !== current.locale) requireAllowedLocale(portal, input.locale);
    await checkReferences(db, portal, input, current.id);
    const [row] = await db
      .update(portalCategories)
      .set({
        name: input.name,
        slug: input.slug,
        locale: input.locale,
        description: input.description,
        position: input.position,
        icon: input.icon === undefined ? undefined : (input.icon ?? ""),
        parentCategoryId: input.parent_category_id,
        associatedCategoryId: input.associated_category_id,
        updatedAt: new Date(),
      })
      .where(eq(portalCategories.id, current.id))
      .returning()
      .catch(translateTakenSlug);
    await replaceRelated(db, current.id, input.related_category_ids);
    return row!;
  });
  return withView(ctx.db, category);
};

export const deleteCategory = async (ctx: AccountCtx, slug: string, id: number) => {
  requireKnowledgeManager(ctx);
  const portal = await requirePortal(ctx, slug);
  const category = await requireCategory(ctx, portal, id);
  await ctx.db.delete(portalCategories).where(eq(portalCategories.id, category.id));
};

/** Positions as given, all in one statement; an id not of this portal is a 404 and nothing moves. */
export const reorderCategories = async (ctx: AccountCtx, slug: string, input: CategoryReorder) => {
  requireKnowledgeManager(ctx);
  const entries = Object.entries(input.positions_hash ?? {}).map(([id, position]) => [Number(id), position] as const);
  await ctx.db.transaction(async (db) => {
    const portal = await requirePortal({ ...ctx, db }, slug, { lock: true });
    if (entries.length === 0) return;
    const ids = entries.map(([id]) => id);
    const [found] = await db
      .select({ n: count() })
      .from(portalCategories)
      .where(and(eq(portalCategories.portalId, portal.id), anyOf(portalCategories.id, ids)));
    if (found!.n !== new Set(ids).size) throw notFound("Category");
    await db.execute(sql`
      update portal_categories c set position = v.value::int, updated_at = now()
      from jsonb_each_text(${JSON.stringify(Object.fromEntries(entries))}::jsonb) as v(key, value)
      where c.id = v.key::int and c.portal_id = ${portal.id}`);
  });
};

// ---------------------------------------------------------------------------------------------

const withView = async (db: DbOrTx, category: Category) => ({ category, view: (await categoryViews(db, [category])).get(category.id)! });

/**
 * What the category JSON shows beside each row: related categories, parent, translation root
 * and its article count (all statuses; one locale when the list was asked for one), in three
 * queries for a whole page.
 */
export const categoryViews = async (db: DbOrTx, rows: readonly Category[], locale?: string): Promise<Map<number, CategoryView>> => {
  const views = new Map<number, CategoryView>(rows.map((row) => [row.id, { related: [], parent: null, root: null, articlesCount: 0 }]));
  if (rows.length === 0) return views;
  const ids = rows.map((row) => row.id);
  const linked = [...new Set(rows.flatMap((row) => [row.parentCategoryId, row.associatedCategoryId].filter((id): id is number => id !== null)))];
  const [related, named, counts] = await Promise.all([
    db
      .select({ from: relatedCategories.categoryId, category: portalCategories })
      .from(relatedCategories)
      .innerJoin(portalCategories, eq(portalCategories.id, relatedCategories.relatedCategoryId))
      .where(anyOf(relatedCategories.categoryId, ids))
      .orderBy(sql`${portalCategories.position} asc nulls last`, asc(portalCategories.id)),
    linked.length > 0 ? db.select().from(portalCategories).where(anyOf(portalCategories.id, linked)) : Promise.resolve([]),
    db
      .select({ categoryId: articles.categoryId, n: count() })
      .from(articles)
      .where(and(anyOf(articles.categoryId, ids), locale ? eq(articles.locale, locale) : undefined))
      .groupBy(articles.categoryId),
  ]);
  const byId = new Map(named.map((row) => [row.id, row]));
  for (const row of rows) {
    const view = views.get(row.id)!;
    view.parent = row.parentCategoryId === null ? null : (byId.get(row.parentCategoryId) ?? null);
    view.root = row.associatedCategoryId === null ? null : (byId.get(row.associatedCategoryId) ?? null);
  }
  for (const { from, category } of related) views.get(from)!.related.push(category);
  for (const { categoryId, n } of counts) if (categoryId !== null) views.get(categoryId)!.articlesCount = n;
  return views;
};
