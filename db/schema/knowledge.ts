import { sql } from "drizzle-orm";
import { boolean, customType, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex, type AnyPgColumn } from "drizzle-orm/pg-core";
import { timestamps, users } from "./accounts";
import { accountId, tz } from "./columns";
import { inboxes } from "./conversations";

/*
 * Knowledge bases, as Chatwoot's help center: a portal (addressed by its slug, unique across the
 * installation, as its public pages are) holds categories, one row per locale, and articles in
 * Markdown. Galleries hold a space's photos.
 */

export const articleStatuses = ["draft", "published", "archived"] as const;
export type ArticleStatus = (typeof articleStatuses)[number];

export type PortalConfig = { allowed_locales: string[]; default_locale: string; draft_locales: string[] };
export type ArticleMeta = { title?: string; description?: string; tags?: string[] };

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const portals = pgTable(
  "portals",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: accountId(),
    name: text().notNull(),
    slug: text().notNull(),
    customDomain: text(),
    color: text().notNull().default("#1f93ff"),
    headerText: text(),
    homepageLink: text(),
    pageTitle: text(),
    config: jsonb().$type<PortalConfig>().notNull().default({ allowed_locales: ["en"], default_locale: "en", draft_locales: [] }),
    archived: boolean().notNull().default(false),
    /** The web widget inbox whose chat the public pages embed (Chatwoot's channel_web_widget_id). */
    widgetInboxId: integer().references((): AnyPgColumn => inboxes.id, { onDelete: "set null" }),
    logoStorageKey: text(),
    logoFileName: text(),
    logoContentType: text(),
    logoFileSize: integer(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("portals_slug_key").on(t.slug),
    uniqueIndex("portals_custom_domain_key").on(t.customDomain),
    index("portals_account_idx").on(t.accountId, t.id),
  ],
);

export const portalCategories = pgTable(
  "portal_categories",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: accountId(),
    portalId: integer()
      .notNull()
      .references(() => portals.id, { onDelete: "cascade" }),
    name: text().notNull(),
    slug: text().notNull(),
    locale: text().notNull().default("en"),
    description: text(),
    position: integer(),
    icon: text().notNull().default(""),
    parentCategoryId: integer().references((): AnyPgColumn => portalCategories.id, { onDelete: "set null" }),
    /** The same category in another locale (the family's root). */
    associatedCategoryId: integer().references((): AnyPgColumn => portalCategories.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("portal_categories_slug_key").on(t.portalId, t.locale, t.slug),
    index("portal_categories_portal_idx").on(t.portalId, t.locale, t.position),
    index("portal_categories_account_idx").on(t.accountId, t.id),
  ],
);

/** Categories shown as related to each other (pairs, both ways). */
export const relatedCategories = pgTable(
  "related_categories",
  {
    categoryId: integer()
      .notNull()
      .references(() => portalCategories.id, { onDelete: "cascade" }),
    relatedCategoryId: integer()
      .notNull()
      .references(() => portalCategories.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.relatedCategoryId] }), index("related_categories_related_idx").on(t.relatedCategoryId)],
);

export const articles = pgTable(
  "articles",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: accountId(),
    portalId: integer()
      .notNull()
      .references(() => portals.id, { onDelete: "cascade" }),
    categoryId: integer().references(() => portalCategories.id, { onDelete: "set null" }),
    authorId: integer().references(() => users.id, { onDelete: "set null" }),
    title: text().notNull(),
    slug: text().notNull(),
    /** Markdown. */
    content: text().notNull().default(""),
    description: text(),
    /** 0 draft, 1 published, 2 archived (articleStatuses). */
    status: smallint().notNull().default(0),
    locale: text().notNull().default("en"),
    position: integer(),
    meta: jsonb().$type<ArticleMeta>().notNull().default({}),
    /** Null until the first view, as Chatwoot's. */
    views: integer(),
    /** The same article in another locale (the family's root). */
    associatedArticleId: integer().references((): AnyPgColumn => articles.id, { onDelete: "set null" }),
    /**
     * What search ranks: title (A) over description and tags (B) over content (C), stemmed in the
     * article's language (kb_search_config, migration 0018).
     */
    search: tsvector().generatedAlwaysAs(
      sql`setweight(to_tsvector(kb_search_config(locale), title), 'A') || setweight(to_tsvector(kb_search_config(locale), coalesce(description, '') || ' ' || coalesce(kb_meta_tags(meta), '')), 'B') || setweight(to_tsvector(kb_search_config(locale), content), 'C')`,
    ),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("articles_slug_key").on(t.slug),
    index("articles_portal_idx").on(t.portalId, t.locale, t.status, t.categoryId, t.position),
    index("articles_portal_updated_idx").on(t.portalId, t.updatedAt),
    index("articles_account_idx").on(t.accountId, t.id),
    index("articles_category_idx").on(t.categoryId, t.position),
    index("articles_associated_idx").on(t.associatedArticleId),
    index("articles_search_idx").using("gin", t.search),
    // Typo tolerance: trigram similarity on titles and descriptions when the words don't match.
    index("articles_title_trgm_idx").using("gin", sql`${t.title} gin_trgm_ops`),
  ],
);

/** A space's photos: images in the attachment storage, with captions, in order. */
export const galleries = pgTable(
  "galleries",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: accountId(),
    name: text().notNull(),
    description: text(),
    ...timestamps,
  },
  (t) => [index("galleries_account_idx").on(t.accountId, t.id)],
);

export const galleryImages = pgTable(
  "gallery_images",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: accountId(),
    galleryId: integer()
      .notNull()
      .references(() => galleries.id, { onDelete: "cascade" }),
    storageKey: text().notNull(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    fileSize: integer().notNull(),
    caption: text(),
    position: integer().notNull().default(0),
    createdAt: tz().notNull().defaultNow(),
  },
  (t) => [index("gallery_images_gallery_idx").on(t.galleryId, t.position, t.id)],
);
