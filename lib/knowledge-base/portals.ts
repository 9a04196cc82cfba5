import { and, asc, eq, sql } from "drizzle-orm";
import { anyOf } from "@/db/any";
import { articles, articleStatuses, inboxes, portalCategories, portals, type PortalConfig } from "@/db/schema";
import type { AccountCtx } from "@/lib/auth/caller";
import { fieldError } from "@/lib/http/errors";
import { postgresError } from "@/lib/log";
import { removeUploads } from "@/lib/storage/uploads";
import { requireKnowledgeManager, requirePortal, type Portal } from "./lookup";
import { inboxColumns, type InboxWithHelpCenter } from "@/lib/inboxes/summary";
import { presentPortal, presentPortalList } from "./present-portal";
import { defaultPortalColor, normalizePortalConfig, type PortalInput, type PortalPatch } from "./portal-schemas";

/*
 * Portals (Chatwoot's help centers), addressed by their slug. Every member reads them; writing
 * needs knowledge_base_manage (administrators hold it). Categories and articles go with a
 * deleted portal (foreign keys cascade), and inboxes linked to it are unlinked (set null).
 */

/** One of the account's portals by id, for references from other records (an inbox's portal_id): 422 naming `field` otherwise. */
export const requireAccountPortalId = async (ctx: AccountCtx, id: number, field: string): Promise<Portal> => {
  const [portal] = await ctx.db
    .select()
    .from(portals)
    .where(and(eq(portals.accountId, ctx.account.id), eq(portals.id, id)));
  if (!portal) throw fieldError(field, "does not exist in this account");
  return portal;
};

/** The web widget inbox a portal embeds: the account's own, and a website inbox (422 on `inbox_id` otherwise). */
const widgetInboxId = async (ctx: AccountCtx, id: number | null | undefined): Promise<number | null | undefined> => {
  if (id == null) return id;
  const [inbox] = await ctx.db
    .select({ id: inboxes.id, channelType: inboxes.channelType })
    .from(inboxes)
    .where(and(eq(inboxes.accountId, ctx.account.id), eq(inboxes.id, id)));
  if (!inbox) throw fieldError("inbox_id", "does not exist in this account");
  if (inbox.channelType !== "Channel::WebWidget") throw fieldError("inbox_id", "must be a website (web widget) inbox");
  return inbox.id;
};

/** Slugs and custom domains are unique across the installation: a duplicate, even a concurrent one, is a 422 `taken`. */
const translateTaken = (error: unknown): never => {
  const pg = postgresError(error);
  if (pg?.code === "23505" && pg.constraint_name === "portals_slug_key") throw fieldError("slug", "has already been taken", "taken");
  if (pg?.code === "23505" && pg.constraint_name === "portals_custom_domain_key") throw fieldError("custom_domain", "has already been taken", "taken");
  throw error;
};

/** The columns a create or update sets; `undefined` leaves a column as it is. */
const columnsOf = (input: PortalPatch) => ({
  name: input.name,
  slug: input.slug,
  color: input.color === undefined ? undefined : (input.color ?? defaultPortalColor),
  customDomain: input.custom_domain,
  headerText: input.header_text,
  homepageLink: input.homepage_link,
  pageTitle: input.page_title,
  archived: input.archived,
});

export const listPortals = (ctx: AccountCtx) =>
  ctx.db.select().from(portals).where(eq(portals.accountId, ctx.account.id)).orderBy(asc(portals.id));

export const createPortal = async (ctx: AccountCtx, input: PortalInput): Promise<Portal> => {
  requireKnowledgeManager(ctx);
  const config = normalizePortalConfig(null, input.config);
  const widget = await widgetInboxId(ctx, input.inbox_id);
  const [portal] = await ctx.db
    .insert(portals)
    .values({ ...columnsOf(input), name: input.name, slug: input.slug, accountId: ctx.account.id, config, widgetInboxId: widget ?? null })
    .returning()
    .catch(translateTaken);
  return portal!;
};

export const updatePortal = async (ctx: AccountCtx, slug: string, input: PortalPatch): Promise<Portal> => {
  requireKnowledgeManager(ctx);
  return ctx.db.transaction(async (db) => {
    const current = await requirePortal({ ...ctx, db }, slug, { lock: true });
    const config: PortalConfig | undefined = input.config ? normalizePortalConfig(current.config, input.config) : undefined;
    const widget = await widgetInboxId({ ...ctx, db }, input.inbox_id);
    const [portal] = await db
      .update(portals)
      .set({ ...columnsOf(input), config, widgetInboxId: widget, updatedAt: new Date() })
      .where(eq(portals.id, current.id))
      .returning()
      .catch(translateTaken);
    return portal!;
  });
};

/** Chatwoot's archive action (broken upstream): archives the portal and answers it. */
export const archivePortal = (ctx: AccountCtx, slug: string) => updatePortal(ctx, slug, { archived: true });

export const deletePortal = async (ctx: AccountCtx, slug: string) => {
  requireKnowledgeManager(ctx);
  const portal = await requirePortal(ctx, slug);
  await ctx.db.delete(portals).where(eq(portals.id, portal.id));
  if (portal.logoStorageKey) await removeUploads([portal.logoStorageKey]);
};

// ---------------------------------------------------------------------------------------------
// Counts shown with portals: grouped queries over the (portal, locale, status) indexes, one per
// kind for any number of portals, so a list costs the same few statements at 10,000 articles.

export type LocaleCounts = Map<string, { articles: number; categories: number }>;
export type PortalCounts = { locales: LocaleCounts; categories: number };

export const portalCounts = async (ctx: AccountCtx, portalIds: number[]): Promise<Map<number, PortalCounts>> => {
  const counts = new Map<number, PortalCounts>(portalIds.map((id) => [id, { locales: new Map(), categories: 0 }]));
  if (portalIds.length === 0) return counts;
  const [articleRows, categoryRows] = await Promise.all([
    ctx.db
      .select({ portalId: articles.portalId, locale: articles.locale, count: sql<number>`count(*)::int` })
      .from(articles)
      .where(anyOf(articles.portalId, portalIds))
      .groupBy(articles.portalId, articles.locale),
    ctx.db
      .select({ portalId: portalCategories.portalId, locale: portalCategories.locale, count: sql<number>`count(*)::int` })
      .from(portalCategories)
      .where(anyOf(portalCategories.portalId, portalIds))
      .groupBy(portalCategories.portalId, portalCategories.locale),
  ]);
  const entry = (portalId: number, locale: string) => {
    const portal = counts.get(portalId)!;
    const found = portal.locales.get(locale) ?? { articles: 0, categories: 0 };
    portal.locales.set(locale, found);
    return found;
  };
  for (const row of articleRows) entry(row.portalId, row.locale).articles = row.count;
  for (const row of categoryRows) {
    entry(row.portalId, row.locale).categories = row.count;
    counts.get(row.portalId)!.categories += row.count;
  }
  return counts;
};

export type ArticleCounts = { all: number; byStatus: Record<(typeof articleStatuses)[number], number>; mine: number };

/** A portal's articles by status (all statuses; one locale when given), and the caller's own among them. */
export const portalArticleCounts = async (ctx: AccountCtx, portal: Portal, locale?: string): Promise<ArticleCounts> => {
  const me = ctx.caller.kind === "user" ? ctx.caller.user.id : null;
  const rows = await ctx.db
    .select({
      status: articles.status,
      count: sql<number>`count(*)::int`,
      mine: me === null ? sql<number>`0` : sql<number>`(count(*) filter (where ${articles.authorId} = ${me}))::int`,
    })
    .from(articles)
    .where(and(eq(articles.portalId, portal.id), locale ? eq(articles.locale, locale) : undefined))
    .groupBy(articles.status);
  const byStatus = { draft: 0, published: 0, archived: 0 };
  let all = 0;
  let mine = 0;
  for (const row of rows) {
    const status = articleStatuses[row.status];
    if (status) byStatus[status] = row.count;
    all += row.count;
    mine += Number(row.mine);
  }
  return { all, byStatus, mine };
};

/** The web widget inboxes the portals embed, by id, in one query. */
export const widgetInboxes = async (ctx: AccountCtx, list: readonly Portal[]): Promise<Map<number, InboxWithHelpCenter>> => {
  const ids = [...new Set(list.flatMap((portal) => (portal.widgetInboxId === null ? [] : [portal.widgetInboxId])))];
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .select(inboxColumns)
    .from(inboxes)
    .where(and(eq(inboxes.accountId, ctx.account.id), anyOf(inboxes.id, ids)));
  return new Map(rows.map((row) => [row.id, row]));
};

/** What the portal JSON shows beside the row, for each portal of a list (a fixed number of queries). */
export const portalViews = async (ctx: AccountCtx, list: readonly Portal[]) => {
  const [counts, widgets] = await Promise.all([portalCounts(ctx, list.map((portal) => portal.id)), widgetInboxes(ctx, list)]);
  return list.map((portal) => ({
    portal,
    view: { counts: counts.get(portal.id)!, inbox: portal.widgetInboxId === null ? null : (widgets.get(portal.widgetInboxId) ?? null) },
  }));
};

/** One portal's view; `articles` adds the show action's article counts (all locales, or one). */
export const portalView = async (ctx: AccountCtx, portal: Portal, options: { articles?: { locale?: string } } = {}) => {
  const [[entry], articleCounts] = await Promise.all([
    portalViews(ctx, [portal]),
    options.articles ? portalArticleCounts(ctx, portal, options.articles.locale) : Promise.resolve(undefined),
  ]);
  return { ...entry!.view, articles: articleCounts };
};

/** A portal as its JSON, counts and embedded inbox loaded (`articles` for the show action's counts). */
export const portalJson = async (ctx: AccountCtx, portal: Portal, options: { articles?: { locale?: string } } = {}) =>
  presentPortal(ctx, portal, await portalView(ctx, portal, options));

export const portalListJson = async (ctx: AccountCtx, page?: number) => presentPortalList(ctx, await portalViews(ctx, await listPortals(ctx)), page);
