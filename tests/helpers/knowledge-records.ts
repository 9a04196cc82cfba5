import { randomBytes } from "node:crypto";
import { getDb } from "@/db/client";
import { articles, portalCategories, portals } from "@/db/schema";
import { maxRecordId } from "@/lib/http/schemas";
import type { Fixture } from "./fixtures";

/*
 * A help center for a fixture: a portal, a category and a published article in it, written
 * straight to the database, for the sweeps that fill `{portal_slug}` and the knowledge base
 * `{id}`s from a fixture. fixtures.ts makes none of them; a sweep that has not called
 * `makeKnowledgeRecords` for a fixture gets a slug and ids that name nothing (404).
 */
export type KnowledgeRecords = { portalSlug: string; categoryId: number; articleId: number };

const made = new Map<number, KnowledgeRecords>();
const none: KnowledgeRecords = { portalSlug: `no-portal-${randomBytes(4).toString("hex")}`, categoryId: maxRecordId, articleId: maxRecordId };

export const knowledgeRecordsOf = (fixture: Fixture) => made.get(fixture.accountId) ?? none;

export const makeKnowledgeRecords = async (fixture: Fixture) => {
  const db = getDb();
  const slug = `kb-${fixture.tag}`.toLowerCase();
  const [portal] = await db.insert(portals).values({ accountId: fixture.accountId, name: `Portal ${fixture.tag}`, slug }).returning();
  const [category] = await db
    .insert(portalCategories)
    .values({ accountId: fixture.accountId, portalId: portal!.id, name: `Category ${fixture.tag}`, slug: `category-${fixture.tag}`.toLowerCase(), position: 10 })
    .returning();
  const [article] = await db
    .insert(articles)
    .values({
      accountId: fixture.accountId,
      portalId: portal!.id,
      categoryId: category!.id,
      authorId: fixture.admin.id,
      title: `Article ${fixture.tag}`,
      slug: `${slug}-article`,
      content: `How to find ${fixture.tag}`,
      status: 1,
      position: 10,
    })
    .returning();
  const records: KnowledgeRecords = { portalSlug: portal!.slug, categoryId: category!.id, articleId: article!.id };
  made.set(fixture.accountId, records);
  return records;
};
