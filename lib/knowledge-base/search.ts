import { and, eq, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { articles, articleStatuses, portals, type ArticleStatus } from "@/db/schema";
import type { AccountCtx } from "@/lib/auth/caller";
import type { ClientCtx } from "@/lib/client-api/route";
import { notFound } from "@/lib/http/errors";
import { requireArticle, requirePortal } from "./lookup";
import { articlePath } from "./paths";
import { articleStatusName } from "./article-status";
import { headlineInput, headlineToHtml, markdownToText, markStart, markStop, typedPrefix } from "./search-text";

/*
 * Knowledge base search: the one ranked search every door calls (the API for members and agent
 * bots, the Client API for contacts, MCP tools, the public help center).
 *
 * - Full text over `articles.search` (title A > description and tags B > content C, stemmed in each
 *   article's language): the query is parsed once per text search configuration the searched
 *   articles use, and each article is matched by the query in its own language. Each configuration
 *   is its own arm of an OR on the GIN index (a per-row configuration would defeat the index).
 * - The word being typed also matches as a prefix, so results come while typing ("projec").
 * - When the words match fewer articles than a page holds, titles similar to the query (trigrams:
 *   typos such as "projecter") fill the page, after every word match, never twice.
 * - Snippets: the matching passage of the description and content as plain text, matches in
 *   `<mark>`, everything else escaped; headlined for the returned page only.
 * - Drafts and archived articles, and archived portals, are for members only: every other
 *   audience sees published articles of live portals, whatever it asks for.
 */

export type SearchAudience = "member" | "bot" | "contact" | "public";

/** Chatwoot's page size for article search. */
export const searchPageSize = 15;
export const maxSearchLimit = 50;
/**
 * Trigram word similarity a title needs to fill a page when the words matched too few: typos
 * score 0.5 and more ("parkng" → "Parking and deliveries" 0.57), a shared first syllable 0.33
 * ("parki" → "Deposits and payment").
 */
const similarTitleThreshold = 0.4;
/** Title over description and tags over content, by more than PostgreSQL's defaults ({0.1, 0.2, 0.4, 1.0}): the title boost. */
const rankWeights = "{0.05, 0.15, 0.45, 1.0}";
/** Snippets are cut from the start of long articles: ts_headline's cost grows with the text. */
const snippetSourceLimit = 20_000;
const headlineOptions = `MaxFragments=2, MaxWords=24, MinWords=10, ShortWord=2, FragmentDelimiter=" … ", StartSel=${markStart}, StopSel=${markStop}`;

export type ArticleSearch = {
  accountId: number;
  audience: SearchAudience;
  query: string;
  portalIds?: readonly number[];
  locale?: string;
  categoryId?: number;
  /** Members only (default: every status); every other audience gets published articles alone. */
  statuses?: readonly ArticleStatus[];
  page?: number;
  /** Per page: `searchPageSize` by default, at most `maxSearchLimit`. */
  limit?: number;
};

export type FoundArticle = {
  id: number;
  accountId: number;
  title: string;
  slug: string;
  description: string | null;
  /** Markdown. */
  content: string;
  locale: string;
  status: ArticleStatus;
  updatedAt: Date;
  category: { id: number; name: string; slug: string } | null;
  portal: { id: number; slug: string; name: string };
  /** Safe HTML: the matching passage, matches in `<mark>`. */
  snippet: string;
  rank: number;
  /** "words": the words matched; "similar": a title like the query (typo tolerance). */
  match: "words" | "similar";
  /** The public help center page. */
  url: string;
};

export type ArticleSearchResult = { articles: FoundArticle[]; hasMore: boolean };

/** A stored status (0, 1, 2) by name. */

/** The statuses an audience may see: members what they ask for, everyone else published only. */
export const visibleStatuses = (audience: SearchAudience, asked?: readonly ArticleStatus[]): readonly ArticleStatus[] =>
  audience === "member" ? (asked?.length ? asked : articleStatuses) : ["published"];

/** The search's audience for an account route's caller: agent bots see what customers see. */
export const audienceOf = (ctx: AccountCtx): SearchAudience => (ctx.caller.kind === "agent_bot" ? "bot" : "member");

/** Locales that stem alike share one parsed query: `configLocale` names their configuration. */
type LocaleGroup = { configLocale: string; locales: string[] };

const list = (values: readonly (string | number)[]) => sql.join(values.map((value) => sql`${value}`), sql`, `);

/** Everything but the words: account, portals, status, locale, category; live portals for non-members. */
const scopeOf = (search: ArticleSearch): SQL => {
  const statuses = visibleStatuses(search.audience, search.statuses).map((status) => articleStatuses.indexOf(status));
  const conditions = [sql`a.account_id = ${search.accountId}`, sql`a.status in (${list(statuses)})`];
  if (search.portalIds) conditions.push(search.portalIds.length ? sql`a.portal_id in (${list(search.portalIds)})` : sql`false`);
  if (search.locale !== undefined) conditions.push(sql`a.locale = ${search.locale}`);
  if (search.categoryId !== undefined) conditions.push(sql`a.category_id = ${search.categoryId}`);
  if (search.audience !== "member") conditions.push(sql`not p.archived`);
  return sql.join(conditions, sql` and `);
};

/**
 * The searched articles' locales grouped by configuration. Without a locale filter, the distinct
 * locales of the portals in scope, read by skipping through articles_portal_idx (portal_id,
 * locale, …): a few index probes per portal, whatever the number of articles.
 */
const localeGroups = async (db: DbOrTx, search: ArticleSearch): Promise<LocaleGroup[]> => {
  if (search.locale !== undefined) return [{ configLocale: search.locale, locales: [search.locale] }];
  const portalScope = [sql`account_id = ${search.accountId}`];
  if (search.portalIds) portalScope.push(search.portalIds.length ? sql`id in (${list(search.portalIds)})` : sql`false`);
  if (search.audience !== "member") portalScope.push(sql`not archived`);
  const rows = await db.execute<{ locale: string; config: string }>(sql`
    with recursive scope as (select id from portals where ${sql.join(portalScope, sql` and `)}),
    found as (
      select s.id as portal_id, (select min(locale) from articles where portal_id = s.id) as locale from scope s
      union all
      select f.portal_id, (select min(locale) from articles where portal_id = f.portal_id and locale > f.locale) from found f where f.locale is not null
    )
    select distinct locale, kb_search_config(locale)::text as config from found where locale is not null order by locale`);
  const groups = new Map<string, LocaleGroup>();
  for (const row of rows) {
    const group = groups.get(row.config);
    if (group) group.locales.push(row.locale);
    else groups.set(row.config, { configLocale: row.locale, locales: [row.locale] });
  }
  return [...groups.values()];
};

/** The query parsed in a locale's configuration: websearch syntax, and the word being typed as a prefix. */
const parsedQuery = (configLocale: string | SQL, query: string): SQL => {
  const config = sql`kb_search_config(${configLocale})`;
  const prefix = typedPrefix(query);
  // The typed word as a prefix also matches it whole (both are stemmed alike), so it replaces it.
  if (!prefix) return sql`websearch_to_tsquery(${config}, ${query})`;
  return sql`(websearch_to_tsquery(${config}, ${prefix.rest}) ${sql.raw(prefix.join === "or" ? "||" : "&&")} to_tsquery(${config}, ${`${prefix.word}:*`}))`;
};

/** Articles whose words match: each article by the query in its own language (one OR arm per configuration). */
const wordsMatch = (groups: LocaleGroup[], query: string): SQL =>
  sql.join(
    groups.map((group) => sql`(a.locale in (${list(group.locales)}) and a.search @@ ${parsedQuery(group.configLocale, query)})`),
    sql` or `,
  );

const wordsRank = (groups: LocaleGroup[], query: string): SQL => {
  const rank = (group: LocaleGroup) => sql`ts_rank_cd(${rankWeights}::float4[], a.search, ${parsedQuery(group.configLocale, query)}, 32)`;
  if (groups.length === 1) return rank(groups[0]!);
  return sql`case ${sql.join(
    groups.map((group) => sql`when a.locale in (${list(group.locales)}) then ${rank(group)}`),
    sql` `,
  )} end`;
};

type Row = {
  id: number;
  account_id: number;
  title: string;
  slug: string;
  description: string | null;
  content: string;
  locale: string;
  status: number;
  updated_at: number;
  category_id: number | null;
  category_name: string | null;
  category_slug: string | null;
  portal_id: number;
  portal_slug: string;
  portal_name: string;
  rank: number;
};

/** One page of ranked ids (`ranked`: a select of id and rank), with what the doors show of each. */
const pageOf = (ranked: SQL) => sql`
  with page as (${ranked})
  select a.id, a.account_id, a.title, a.slug, a.description, a.content, a.locale, a.status,
    extract(epoch from a.updated_at)::float8 as updated_at,
    c.id as category_id, c.name as category_name, c.slug as category_slug,
    p.id as portal_id, p.slug as portal_slug, p.name as portal_name, page.rank::float8 as rank
  from page
  join articles a on a.id = page.id
  join portals p on p.id = a.portal_id
  left join portal_categories c on c.id = a.category_id
  order by page.rank desc, a.id`;

const wordMatches = (db: DbOrTx, search: ArticleSearch, groups: LocaleGroup[], query: string, limit: number, offset: number) =>
  db.execute<Row>(
    pageOf(sql`
      select a.id, ${wordsRank(groups, query)} as rank
      from articles a join portals p on p.id = a.portal_id
      where ${scopeOf(search)} and (${wordsMatch(groups, query)})
      order by rank desc, a.id
      limit ${limit} offset ${offset}`),
  );

const countWordMatches = async (db: DbOrTx, search: ArticleSearch, groups: LocaleGroup[], query: string) => {
  const [row] = await db.execute<{ count: number }>(sql`
    select count(*)::int as count from articles a join portals p on p.id = a.portal_id
    where ${scopeOf(search)} and (${wordsMatch(groups, query)})`);
  return row?.count ?? 0;
};

/** Titles similar to the query (the trigram index), the word matches left out. */
const similarTitles = (db: DbOrTx, search: ArticleSearch, groups: LocaleGroup[], query: string, limit: number, offset: number) =>
  db.transaction(async (tx) => {
    // `<%` reads its threshold from this setting; local to the transaction.
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(similarTitleThreshold)}, true)`);
    return tx.execute<Row>(
      pageOf(sql`
        select a.id, word_similarity(${query}, a.title) as rank
        from articles a join portals p on p.id = a.portal_id
        where ${scopeOf(search)} and ${query} <% a.title and not (${wordsMatch(groups, query)})
        order by rank desc, a.id
        limit ${limit} offset ${offset}`),
    );
  });

/** Snippets of the page's rows: the description and the content's text, headlined in each article's language. */
const snippetsOf = async (db: DbOrTx, rows: Row[], query: string): Promise<string[]> => {
  if (rows.length === 0) return [];
  const sources = rows.map((row, ord) => ({
    ord,
    locale: row.locale,
    body: headlineInput([row.description?.trim(), markdownToText(row.content)].filter(Boolean).join("\n\n").slice(0, snippetSourceLimit)),
  }));
  const headlines = await db.execute<{ ord: number; headline: string }>(sql`
    select t.ord, ts_headline(kb_search_config(t.locale), t.body, ${parsedQuery(sql`t.locale`, query)}, ${headlineOptions}) as headline
    from jsonb_to_recordset(${JSON.stringify(sources)}::jsonb) as t(ord int, locale text, body text)`);
  const byOrd = new Map(headlines.map((row) => [row.ord, row.headline]));
  return rows.map((_, ord) => headlineToHtml(byOrd.get(ord) ?? ""));
};

const found = (row: Row, snippet: string, match: FoundArticle["match"]): FoundArticle => ({
  id: row.id,
  accountId: row.account_id,
  title: row.title,
  slug: row.slug,
  description: row.description,
  content: row.content,
  locale: row.locale,
  status: articleStatusName(row.status),
  updatedAt: new Date(row.updated_at * 1000),
  category: row.category_id === null ? null : { id: row.category_id, name: row.category_name ?? "", slug: row.category_slug ?? "" },
  portal: { id: row.portal_id, slug: row.portal_slug, name: row.portal_name },
  snippet,
  rank: row.rank,
  match,
  url: articlePath(row.portal_slug, row.slug),
});

/** Ranked articles for a query: word matches first, then similar titles while the page has room. */
export const searchArticles = async (db: DbOrTx, search: ArticleSearch): Promise<ArticleSearchResult> => {
  const query = search.query.trim();
  if (query === "") return { articles: [], hasMore: false };
  const limit = Math.min(Math.max(1, search.limit ?? searchPageSize), maxSearchLimit);
  const offset = (Math.max(1, search.page ?? 1) - 1) * limit;
  const groups = await localeGroups(db, search);
  if (groups.length === 0) return { articles: [], hasMore: false };
  const words = [...(await wordMatches(db, search, groups, query, limit + 1, offset))];
  let similar: Row[] = [];
  if (words.length <= limit && [...query].length >= 3) {
    // The word matches ended on this page (or before it): similar titles continue the list.
    const wordTotal = words.length > 0 || offset === 0 ? offset + words.length : await countWordMatches(db, search, groups, query);
    similar = [...(await similarTitles(db, search, groups, query, limit + 1 - words.length, Math.max(0, offset - wordTotal)))];
  }
  const rows = [...words, ...similar];
  const page = rows.slice(0, limit);
  const snippets = await snippetsOf(db, page, query);
  return {
    articles: page.map((row, index) => found(row, snippets[index]!, index < words.length ? "words" : "similar")),
    hasMore: rows.length > limit,
  };
};

export type ArticleReference = { portalSlug: string; id: number } | { slug: string };

/** One article of the account, by its portal and id or by its slug (unique installation-wide); any status (members read drafts). */
export const findArticle = async (ctx: AccountCtx, reference: ArticleReference) => {
  if ("slug" in reference) {
    const [row] = await ctx.db
      .select({ article: articles, portal: portals })
      .from(articles)
      .innerJoin(portals, eq(portals.id, articles.portalId))
      .where(and(eq(articles.accountId, ctx.account.id), eq(articles.slug, reference.slug)));
    if (!row) throw notFound("Article");
    return row;
  }
  const portal = await requirePortal(ctx, reference.portalSlug);
  return { article: await requireArticle(ctx, portal, reference.id), portal };
};

/** The account API's search (members and agent bots): `portal_slug` must name one of the account's portals. */
export const searchAccountArticles = async (
  ctx: AccountCtx,
  query: { q?: string; page: number; portal_slug?: string; locale?: string; category_id?: number; status?: ArticleStatus },
  options: { limit?: number } = {},
) => {
  const portal = query.portal_slug === undefined ? undefined : await requirePortal(ctx, query.portal_slug);
  return searchArticles(ctx.db, {
    accountId: ctx.account.id,
    audience: audienceOf(ctx),
    query: query.q ?? "",
    portalIds: portal ? [portal.id] : undefined,
    locale: query.locale,
    categoryId: query.category_id,
    statuses: query.status ? [query.status] : undefined,
    page: query.page,
    limit: options.limit,
  });
};

/** The Client API's search: published articles of the portal linked to the inbox, none without one. */
export const searchInboxArticles = async (ctx: ClientCtx, query: { q?: string; locale?: string; page: number }): Promise<ArticleSearchResult> => {
  if (ctx.inbox.portalId === null) return { articles: [], hasMore: false };
  return searchArticles(ctx.db, {
    accountId: ctx.account.id,
    audience: "contact",
    query: query.q ?? "",
    portalIds: [ctx.inbox.portalId],
    locale: query.locale,
    page: query.page,
  });
};
