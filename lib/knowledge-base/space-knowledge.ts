import { and, asc, eq, sql } from "drizzle-orm";
import { anyOf } from "@/db/any";
import type { DbOrTx } from "@/db/client";
import { articles, portalCategories, spaces } from "@/db/schema";
import { imagesOf } from "./galleries";
import { galleryImagePath } from "./present-gallery";

/*
 * What a space's knowledge base tells a customer or a planner about it: the published articles
 * of its category (facilities, AV, accessibility, house rules) and its gallery's photos, for
 * the spaces on a quote, a space's page and the calendar's details panel. Four queries for any
 * number of spaces.
 */

const PUBLISHED = 1;

export type SpaceKnowledge = {
  spaceId: string;
  name: string;
  category: { id: number; name: string } | null;
  articles: { id: number; title: string; description: string | null; content: string }[];
  photos: { id: number; url: string; caption: string | null }[];
};

/** The spaces' knowledge, in the order asked, leaving out spaces with neither articles nor photos. */
export const spaceKnowledge = async (db: DbOrTx, accountId: number, spaceIds: readonly string[]): Promise<SpaceKnowledge[]> => {
  const ids = [...new Set(spaceIds)];
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: spaces.id, name: spaces.name, categoryId: spaces.knowledgebaseId, galleryId: spaces.galleryKnowledgebaseId, categoryName: portalCategories.name })
    .from(spaces)
    .leftJoin(portalCategories, and(eq(portalCategories.id, spaces.knowledgebaseId), eq(portalCategories.accountId, accountId)))
    .where(and(eq(spaces.accountId, accountId), anyOf(spaces.id, ids)));
  const categoryIds = rows.flatMap((row) => (row.categoryId !== null && row.categoryName !== null ? [row.categoryId] : []));
  const galleryIds = rows.flatMap((row) => (row.galleryId !== null ? [row.galleryId] : []));
  const [facts, images] = await Promise.all([
    categoryIds.length === 0
      ? []
      : db
          .select({ id: articles.id, categoryId: articles.categoryId, title: articles.title, description: articles.description, content: articles.content })
          .from(articles)
          .where(and(eq(articles.accountId, accountId), anyOf(articles.categoryId, categoryIds), eq(articles.status, PUBLISHED)))
          .orderBy(sql`${articles.position} asc nulls last`, asc(articles.id)),
    imagesOf({ db }, galleryIds),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const category = row.categoryId !== null && row.categoryName !== null ? { id: row.categoryId, name: row.categoryName } : null;
    const knowledge: SpaceKnowledge = {
      spaceId: row.id,
      name: row.name,
      category,
      articles: category
        ? facts.filter((fact) => fact.categoryId === category.id).map((fact) => ({ id: fact.id, title: fact.title, description: fact.description, content: fact.content }))
        : [],
      photos: (row.galleryId !== null ? (images.get(row.galleryId) ?? []) : []).map((image) => ({ id: image.id, url: galleryImagePath(image), caption: image.caption })),
    };
    return knowledge.articles.length > 0 || knowledge.photos.length > 0 ? [knowledge] : [];
  });
};
