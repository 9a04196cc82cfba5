import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { accountUsers, articles, portalCategories, portals } from "@/db/schema";
import { api } from "../helpers/app";
import { makeBot, makeMember, makeTeam } from "../helpers/factories";

/*
 * The help center's articles through the admin API, as Chatwoot's (spec §5): shapes, the list's
 * filters, counts, order and pages, the writing rules and who may write. Portals and categories
 * are written straight to the database here: their API is tested on its own.
 */

type Team = Awaited<ReturnType<typeof makeTeam>>;

let team: Team;
let other: Team;

const unique = () => randomBytes(4).toString("hex");

const makePortal = async (accountId: number, locales = ["en", "fr"]) => {
  const [portal] = await getDb()
    .insert(portals)
    .values({ accountId, name: `Handbook ${unique()}`, slug: `handbook-${unique()}`, config: { allowed_locales: locales, default_locale: locales[0]!, draft_locales: [] } })
    .returning();
  return portal!;
};

const makeCategory = async (portal: { id: number; accountId: number }, slug: string, locale = "en") => {
  const [category] = await getDb()
    .insert(portalCategories)
    .values({ accountId: portal.accountId, portalId: portal.id, name: `Category ${slug} ${locale}`, slug, locale })
    .returning();
  return category!;
};

const articlesOf = (portal: { accountId: number; slug: string }) => `/api/v1/accounts/${portal.accountId}/portals/${portal.slug}/articles`;

type Portal = Awaited<ReturnType<typeof makePortal>>;

const create = async (portal: Portal, body: Record<string, unknown>, token = team.admin.token) => {
  const res = await api.post(articlesOf(portal), { token, body });
  expect(res.status, res.text).toBe(200);
  return res.body.payload as { id: number; slug: string; position: number; [key: string]: any };
};

const ids = (res: { body: { payload: { id: number }[] } }) => res.body.payload.map((a) => a.id);
const fieldsOf = (res: { body: { errors: { field: string; code: string }[] } }) => res.body.errors.map((e) => [e.field, e.code]);

beforeAll(async () => {
  team = await makeTeam();
  other = await makeTeam();
});

describe("an article's JSON", () => {
  it("is Chatwoot's, with its category, author, unix updated_at, and no empty lists", async () => {
    const portal = await makePortal(team.account.id);
    const category = await makeCategory(portal, "getting-started", "fr");
    const res = await api.post(articlesOf(portal), {
      token: team.admin.token,
      body: {
        article: {
          title: "Reset your password",
          content: "## Steps\n1. Open settings",
          description: "How to reset",
          status: "published",
          category_id: category.id,
          locale: "en",
          meta: { title: "SEO title", description: "SEO desc", tags: ["login"], colour: "red" },
        },
      },
    });
    expect(res.status).toBe(200);
    const article = res.body.payload;
    expect(Object.keys(article).sort()).toEqual(
      ["account_id", "associated_article_id", "author", "category", "content", "description", "id", "locale", "meta", "position", "slug", "status", "title", "updated_at", "views"].sort(),
    );
    expect(article).toMatchObject({
      title: "Reset your password",
      content: "## Steps\n1. Open settings",
      description: "How to reset",
      status: "published",
      position: 10,
      account_id: team.account.id,
      meta: { title: "SEO title", description: "SEO desc", tags: ["login"] },
      category: { id: category.id, name: category.name, slug: "getting-started", locale: "fr" },
      views: null,
      // The category's locale wins over the one sent.
      locale: "fr",
      associated_article_id: null,
      author: {
        id: team.admin.user.id,
        account_id: team.account.id,
        email: team.admin.user.email,
        name: team.admin.user.name,
        available_name: team.admin.user.name,
        role: "administrator",
        confirmed: expect.any(Boolean),
        provider: "email",
        availability_status: expect.any(String),
        auto_offline: expect.any(Boolean),
        thumbnail: expect.any(String),
        custom_role_id: null,
      },
    });
    expect(article.meta.colour).toBeUndefined();
    expect(article.slug).toMatch(/^\d{10}-reset-your-password$/);
    expect(Math.abs(Number(article.slug.split("-")[0]) - Date.now() / 1000)).toBeLessThan(60);
    expect(Number.isInteger(article.updated_at)).toBe(true);
    expect(Math.abs(article.updated_at - Date.now() / 1000)).toBeLessThan(60);

    const shown = await api.get(`${articlesOf(portal)}/${article.id}`, { token: team.agent.token });
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({ payload: article });
  });

  it("takes a top-level body too, and shows an uncategorized article's category as nulls", async () => {
    const portal = await makePortal(team.account.id);
    const article = await create(portal, { title: "Loose page", locale: "fr" });
    expect(article).toMatchObject({ category: { id: null, name: null, slug: null, locale: null }, status: "draft", content: "", description: null, meta: {}, locale: "fr" });
    expect((await create(portal, { title: "Default locale" })).locale).toBe("en");
  });

  it("lists its translations (absent when there are none) and links a translation of a translation to the root", async () => {
    const portal = await makePortal(team.account.id, ["en", "fr", "de"]);
    const root = await create(portal, { title: "Opening hours", locale: "en" });
    const fr = await create(portal, { title: "Horaires", locale: "fr", associated_article_id: root.id });
    expect(fr.associated_article_id).toBe(root.id);
    const de = await create(portal, { title: "Öffnungszeiten", locale: "de", associated_article_id: fr.id, author_id: team.agent.user.id });
    expect(de.associated_article_id).toBe(root.id);
    expect(de.slug).toMatch(/^\d+-offnungszeiten$/);
    expect(fr.associated_articles).toBeUndefined();

    const shown = (await api.get(`${articlesOf(portal)}/${root.id}`, { token: team.admin.token })).body.payload;
    expect(shown.associated_articles).toEqual([
      expect.objectContaining({ id: fr.id, title: "Horaires", locale: "fr", status: "draft", category_id: null, account_id: team.account.id, views: null, author: expect.objectContaining({ id: team.admin.user.id }) }),
      expect.objectContaining({ id: de.id, title: "Öffnungszeiten", author: expect.objectContaining({ id: team.agent.user.id, role: "agent" }), portal: expect.objectContaining({ id: portal.id, slug: portal.slug }) }),
    ]);
  });

  it("leaves the author out when they are no longer a member of the account", async () => {
    const portal = await makePortal(team.account.id);
    const leaver = await makeMember(team.account.id, "agent");
    const article = await create(portal, { title: "Written by a leaver", author_id: leaver.user.id });
    expect(article.author.id).toBe(leaver.user.id);
    await getDb().delete(accountUsers).where(eq(accountUsers.userId, leaver.user.id));
    const shown = (await api.get(`${articlesOf(portal)}/${article.id}`, { token: team.admin.token })).body.payload;
    expect(shown.author).toBeUndefined();
  });
});

describe("the list", () => {
  let portal: Portal;
  const made: Record<string, number> = {};

  beforeAll(async () => {
    portal = await makePortal(team.account.id);
    const billing = await makeCategory(portal, "billing", "en");
    const startEn = await makeCategory(portal, "getting-started", "en");
    const startFr = await makeCategory(portal, "getting-started", "fr");
    const admin = team.admin.user.id;
    const agent = team.agent.user.id;
    const fixture: [string, Record<string, unknown>][] = [
      ["refund", { title: "Refund policy", content: "Money back within 30 days", status: "published", category_id: billing.id, author_id: admin }],
      ["invoice", { title: "Invoice address", content: "Change it under settings", status: "draft", category_id: billing.id, author_id: agent }],
      ["onboarding", { title: "Old onboarding", content: "Retired guide", status: "archived", category_id: startEn.id, author_id: admin }],
      ["premiers", { title: "Premiers pas", content: "Commencer ici avec votre compte", status: "published", category_id: startFr.id, author_id: agent }],
      ["password", { title: "Password reset", content: "Reset your password from the sign-in page", status: 0, author_id: admin }],
    ];
    for (const [name, body] of fixture) made[name] = (await create(portal, body)).id;
  });

  const list = (query = "", token = team.admin.token) => api.get(`${articlesOf(portal)}${query}`, { token });
  const meta = (all: number, articles: number, mine: number, published: number, draft: number, archived: number, page = 1) => ({
    all_articles_count: all,
    articles_count: articles,
    mine_articles_count: mine,
    published_count: published,
    draft_articles_count: draft,
    archived_articles_count: archived,
    current_page: page,
  });

  it("shows every article, newest change first, with the counts of each status", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([made.password, made.premiers, made.onboarding, made.invoice, made.refund]);
    expect(res.body.meta).toEqual(meta(5, 5, 3, 2, 2, 1));
    // An agent reads it too, and "mine" is theirs.
    const asAgent = await list("", team.agent.token);
    expect(asAgent.status).toBe(200);
    expect(asAgent.body.meta).toEqual(meta(5, 5, 2, 2, 2, 1));
  });

  it("filters by locale and category slug (every locale unless one is given), counting within them", async () => {
    const en = await list("?locale=en");
    expect(ids(en)).toEqual([made.password, made.onboarding, made.invoice, made.refund]);
    expect(en.body.meta).toEqual(meta(5, 4, 3, 1, 2, 1));
    const started = await list("?category_slug=getting-started");
    expect(new Set(ids(started))).toEqual(new Set([made.onboarding, made.premiers]));
    expect(started.body.meta).toEqual(meta(5, 2, 1, 1, 0, 1));
    const startedFr = await list("?category_slug=getting-started&locale=fr");
    expect(ids(startedFr)).toEqual([made.premiers]);
    expect(startedFr.body.meta).toEqual(meta(5, 1, 0, 1, 0, 0));
    expect(ids(await list("?category_slug=nothing"))).toEqual([]);
  });

  it("filters by status (name or number) and author without changing the counts", async () => {
    for (const status of ["draft", "0"]) {
      const res = await list(`?status=${status}`);
      expect(ids(res)).toEqual([made.password, made.invoice]);
      expect(res.body.meta).toEqual(meta(5, 5, 3, 2, 2, 1));
    }
    expect(ids(await list("?status=1"))).toEqual([made.premiers, made.refund]);
    expect(ids(await list("?status=archived"))).toEqual([made.onboarding]);
    const byAgent = await list(`?author_id=${team.agent.user.id}`);
    expect(ids(byAgent)).toEqual([made.premiers, made.invoice]);
    expect(byAgent.body.meta).toEqual(meta(5, 5, 3, 2, 2, 1));
    expect(ids(await list(`?author_id=${team.agent.user.id}&status=published`))).toEqual([made.premiers]);
  });

  it("searches the words (and prefixes) in each article's language, counting the matches", async () => {
    const refund = await list("?query=refund");
    expect(ids(refund)).toEqual([made.refund]);
    expect(refund.body.meta).toEqual(meta(5, 1, 1, 1, 0, 0));
    expect(ids(await list("?query=passw"))).toEqual([made.password]);
    // English stemming: "passwords" finds "password"; French: "commencez" shares the stem of "commencer".
    expect(ids(await list("?query=passwords"))).toEqual([made.password]);
    expect(ids(await list(`?query=${encodeURIComponent("commencez")}`))).toEqual([made.premiers]);
    expect(ids(await list(`?query=${encodeURIComponent("settings address")}`))).toEqual([made.invoice]);
    expect(ids(await list(`?query=${encodeURIComponent("!!! & | :*")}`))).toEqual([]);
    expect(ids(await list("?query=refund&status=draft"))).toEqual([]);
  });

  it("orders a category by position, and answers bad filters with a named field", async () => {
    const billing = await list("?category_slug=billing");
    expect(ids(billing)).toEqual([made.refund, made.invoice]);
    expect(billing.body.payload.map((a: { position: number }) => a.position)).toEqual([10, 20]);
    for (const [query, field] of [
      ["?status=bogus", "status"],
      ["?status=3", "status"],
      ["?page=0", "page"],
      ["?author_id=abc", "author_id"],
      ["?locale=english!", "locale"],
    ]) {
      const res = await list(query);
      expect(res.status, query).toBe(422);
      expect(res.body.errors[0].field).toBe(field);
    }
  });

  it("moves an article it changed to the top", async () => {
    const res = await api.patch(`${articlesOf(portal)}/${made.refund}`, { token: team.admin.token, body: { description: "Updated" } });
    expect(res.status).toBe(200);
    expect(ids(await list())[0]).toBe(made.refund);
  });
});

describe("pages", () => {
  it("answers 25 a page, counting every article, current_page as asked", async () => {
    const portal = await makePortal(team.account.id);
    const values = Array.from({ length: 27 }, (_, i) => ({
      accountId: team.account.id,
      portalId: portal.id,
      title: `Article ${i}`,
      slug: `paged-${unique()}-${i}`,
      updatedAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
    }));
    await getDb().insert(articles).values(values);
    const page = (n: number) => api.get(`${articlesOf(portal)}?page=${n}`, { token: team.admin.token });
    const first = await page(1);
    expect(first.body.payload).toHaveLength(25);
    expect(first.body.payload[0].title).toBe("Article 26");
    const second = await page(2);
    expect(second.body.payload.map((a: { title: string }) => a.title)).toEqual(["Article 1", "Article 0"]);
    expect(second.body.meta).toMatchObject({ current_page: 2, all_articles_count: 27, articles_count: 27, draft_articles_count: 27, mine_articles_count: 0 });
    expect((await page(3)).body.payload).toEqual([]);
  });
});

describe("positions", () => {
  it("puts a new article after the last of its category (10, 20, …), uncategorized ones apart, a given position as given", async () => {
    const portal = await makePortal(team.account.id);
    const a = await makeCategory(portal, "a");
    const b = await makeCategory(portal, "b");
    expect((await create(portal, { title: "A1", category_id: a.id })).position).toBe(10);
    expect((await create(portal, { title: "A2", category_id: a.id })).position).toBe(20);
    expect((await create(portal, { title: "A3", category_id: a.id, position: 75 })).position).toBe(75);
    expect((await create(portal, { title: "A4", category_id: a.id })).position).toBe(85);
    expect((await create(portal, { title: "B1", category_id: b.id })).position).toBe(10);
    expect((await create(portal, { title: "Loose", position: null })).position).toBe(10);
    // Another portal's categories and articles count for nothing here.
    const elsewhere = await makePortal(team.account.id);
    expect((await create(elsewhere, { title: "Loose elsewhere" })).position).toBe(10);
  });

  it("moves an article to the end of another category, taking its locale", async () => {
    const portal = await makePortal(team.account.id);
    const en = await makeCategory(portal, "general", "en");
    const fr = await makeCategory(portal, "general", "fr");
    await create(portal, { title: "Premier", category_id: fr.id });
    await create(portal, { title: "Deuxième", category_id: fr.id });
    const moving = await create(portal, { title: "Moving", category_id: en.id });
    const moved = await api.patch(`${articlesOf(portal)}/${moving.id}`, { token: team.admin.token, body: { article: { category_id: fr.id } } });
    expect(moved.status).toBe(200);
    expect(moved.body.payload).toMatchObject({ position: 30, locale: "fr", category: { id: fr.id, locale: "fr" } });
    // Out of any category: the end of the uncategorized ones, in the locale it is given.
    const loose = await api.put(`${articlesOf(portal)}/${moving.id}`, { token: team.admin.token, body: { category_id: null, locale: "en" } });
    expect(loose.body.payload).toMatchObject({ position: 10, locale: "en", category: { id: null } });
    // Staying in its category keeps its place.
    const renamed = await api.patch(`${articlesOf(portal)}/${moving.id}`, { token: team.admin.token, body: { title: "Renamed" } });
    expect(renamed.body.payload).toMatchObject({ position: 10, title: "Renamed" });
  });

  it("reorders in one go: positions as given, and a foreign id changes nothing (404)", async () => {
    const portal = await makePortal(team.account.id);
    const one = await create(portal, { title: "One" });
    const two = await create(portal, { title: "Two" });
    const before = (await api.get(`${articlesOf(portal)}/${one.id}`, { token: team.admin.token })).body.payload;
    const ok = await api.post(`${articlesOf(portal)}/reorder`, { token: team.admin.token, body: { positions_hash: { [one.id]: 2, [two.id]: 1 }, category_slug: "ignored" } });
    expect(ok.status).toBe(200);
    expect(ok.text).toBe("");
    const positions = async () => (await getDb().select({ id: articles.id, position: articles.position }).from(articles).where(eq(articles.portalId, portal.id))).sort((x, y) => x.id - y.id);
    expect(await positions()).toEqual([
      { id: one.id, position: 2 },
      { id: two.id, position: 1 },
    ]);
    // Reordering is no edit: the list's order by change stays.
    expect((await api.get(`${articlesOf(portal)}/${one.id}`, { token: team.admin.token })).body.payload.updated_at).toBe(before.updated_at);

    const elsewhere = await create(await makePortal(team.account.id), { title: "Elsewhere" });
    const theirPortal = await makePortal(other.account.id);
    const theirs = await create(theirPortal, { title: "Theirs" }, other.admin.token);
    for (const foreign of [elsewhere.id, theirs.id, 2_147_483_647]) {
      const res = await api.post(`${articlesOf(portal)}/reorder`, { token: team.admin.token, body: { positions_hash: { [one.id]: 50, [foreign]: 60 } } });
      expect(res.status).toBe(404);
      expect(await positions()).toEqual([
        { id: one.id, position: 2 },
        { id: two.id, position: 1 },
      ]);
    }
    const bad = await api.post(`${articlesOf(portal)}/reorder`, { token: team.admin.token, body: { positions_hash: { abc: 1 } } });
    expect(bad.status).toBe(422);
    expect((await api.post(`${articlesOf(portal)}/reorder`, { token: team.admin.token, body: {} })).status).toBe(200);
  });
});

describe("writing", () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await makePortal(team.account.id);
  });

  it("updates, publishes and deletes, unlinking the translations of a deleted article", async () => {
    const root = await create(portal, { title: "Root" });
    const translation = await create(portal, { title: "Racine", locale: "fr", associated_article_id: root.id });
    const unpublishable = await api.patch(`${articlesOf(portal)}/${root.id}`, { token: team.admin.token, body: { status: "published" } });
    expect(unpublishable.status).toBe(422);
    expect(fieldsOf(unpublishable)).toEqual([["content", "invalid"]]);
    const published = await api.patch(`${articlesOf(portal)}/${root.id}`, { token: team.admin.token, body: { status: 1, content: "Now with words", slug: "the-root" } });
    expect(published.status).toBe(200);
    expect(published.body.payload).toMatchObject({ status: "published", content: "Now with words", slug: "the-root" });
    // Emptying a published article's content is refused as well.
    const emptied = await api.patch(`${articlesOf(portal)}/${root.id}`, { token: team.admin.token, body: { content: "  " } });
    expect(fieldsOf(emptied)).toEqual([["content", "invalid"]]);

    const deleted = await api.delete(`${articlesOf(portal)}/${root.id}`, { token: team.admin.token });
    expect(deleted.status).toBe(200);
    expect(deleted.text).toBe("");
    expect((await api.get(`${articlesOf(portal)}/${root.id}`, { token: team.admin.token })).status).toBe(404);
    const orphan = await api.get(`${articlesOf(portal)}/${translation.id}`, { token: team.admin.token });
    expect(orphan.body.payload.associated_article_id).toBeNull();
  });

  it("refuses a translation link to itself, to its own family, or on a root with translations", async () => {
    const root = await create(portal, { title: "Family root" });
    const child = await create(portal, { title: "Family child", associated_article_id: root.id });
    const self = await api.patch(`${articlesOf(portal)}/${root.id}`, { token: team.admin.token, body: { associated_article_id: root.id } });
    expect(fieldsOf(self)).toEqual([["associated_article_id", "invalid"]]);
    const loop = await api.patch(`${articlesOf(portal)}/${root.id}`, { token: team.admin.token, body: { associated_article_id: child.id } });
    expect(fieldsOf(loop)).toEqual([["associated_article_id", "invalid"]]);
    const lone = await create(portal, { title: "Lone" });
    const rootWithChildren = await api.patch(`${articlesOf(portal)}/${root.id}`, { token: team.admin.token, body: { associated_article_id: lone.id } });
    expect(fieldsOf(rootWithChildren)).toEqual([["associated_article_id", "invalid"]]);
    const unlinked = await api.patch(`${articlesOf(portal)}/${child.id}`, { token: team.admin.token, body: { associated_article_id: null } });
    expect(unlinked.body.payload.associated_article_id).toBeNull();
  });

  it("keeps slugs unique across the installation (422 taken), and generates distinct ones for the same title", async () => {
    await create(portal, { title: "Taken", slug: "shared-slug" });
    const again = await api.post(articlesOf(portal), { token: team.admin.token, body: { title: "Again", slug: "shared-slug" } });
    expect(again.status).toBe(422);
    expect(fieldsOf(again)).toEqual([["slug", "taken"]]);
    const theirs = await create(await makePortal(other.account.id), { title: "Theirs", slug: `their-slug-${unique()}` }, other.admin.token);
    const clash = await api.post(articlesOf(portal), { token: team.admin.token, body: { title: "Mine", slug: theirs.slug } });
    expect(fieldsOf(clash)).toEqual([["slug", "taken"]]);
    const mine = await create(portal, { title: "Mine" });
    const renamed = await api.patch(`${articlesOf(portal)}/${mine.id}`, { token: team.admin.token, body: { slug: theirs.slug } });
    expect(fieldsOf(renamed)).toEqual([["slug", "taken"]]);
    // Its own slug again is no clash.
    expect((await api.patch(`${articlesOf(portal)}/${mine.id}`, { token: team.admin.token, body: { slug: mine.slug } })).status).toBe(200);
    const twins = [await create(portal, { title: "Twin title" }), await create(portal, { title: "Twin title" }), await create(portal, { title: "Twin title" })];
    expect(new Set(twins.map((t) => t.slug)).size).toBe(3);
    for (const twin of twins) expect(twin.slug).toMatch(/^\d+-twin-title(-\d)?$/);
  });

  it("answers 422 naming each field it refuses, and writes nothing", async () => {
    const elsewhere = await makePortal(team.account.id);
    const foreignCategory = await makeCategory(elsewhere, "elsewhere");
    const foreignArticle = await create(elsewhere, { title: "Elsewhere" });
    const theirPortal = await makePortal(other.account.id);
    const theirCategory = await makeCategory(theirPortal, "theirs");
    const theirArticle = await create(theirPortal, { title: "Theirs" }, other.admin.token);
    const cases: [string, Record<string, unknown>, string][] = [
      ["a blank title", { title: "   " }, "title"],
      ["no title", { content: "words" }, "title"],
      ["publishing without content", { title: "T", status: "published" }, "content"],
      ["another portal's category", { title: "T", category_id: foreignCategory.id }, "category_id"],
      ["another account's category", { title: "T", category_id: theirCategory.id }, "category_id"],
      ["another account's user as author", { title: "T", author_id: other.admin.user.id }, "author_id"],
      ["another portal's article as translation root", { title: "T", associated_article_id: foreignArticle.id }, "associated_article_id"],
      ["another account's article as translation root", { title: "T", associated_article_id: theirArticle.id }, "associated_article_id"],
      ["a locale the portal doesn't allow", { title: "T", locale: "de" }, "locale"],
      ["a malformed locale", { title: "T", locale: "english" }, "locale"],
      ["NUL in the content", { title: "T", content: "a\u0000b" }, "content"],
      ["an unknown status", { title: "T", status: "bogus" }, "status"],
      ["a status number out of range", { title: "T", status: 7 }, "status"],
      ["a malformed slug", { title: "T", slug: "Not A Slug" }, "slug"],
      ["a non-integer position", { title: "T", position: 1.5 }, "position"],
      ["tags that are not text", { title: "T", meta: { tags: [1] } }, "meta.tags.0"],
    ];
    const count = async () => (await getDb().select({ id: articles.id }).from(articles).where(eq(articles.portalId, portal.id))).length;
    const before = await count();
    for (const [what, body, field] of cases) {
      const res = await api.post(articlesOf(portal), { token: team.admin.token, body: { article: body } });
      expect(res.status, what).toBe(422);
      expect(res.body.errors.map((e: { field: string }) => e.field), what).toEqual([field]);
    }
    expect(await count()).toBe(before);
    const target = await create(portal, { title: "Target" });
    // The same refusals on update (the title aside: an update needs none).
    for (const [what, body, field] of cases.filter(([, body]) => body.title === "T")) {
      const res = await api.patch(`${articlesOf(portal)}/${target.id}`, { token: team.admin.token, body: { ...body, title: undefined } });
      expect(res.status, what).toBe(422);
      expect(res.body.errors[0].field, what).toBe(field);
    }
    expect((await api.get(`${articlesOf(portal)}/${target.id}`, { token: team.admin.token })).body.payload).toMatchObject({ title: "Target", status: "draft", content: "", category: { id: null } });
    const blank = await api.patch(`${articlesOf(portal)}/${target.id}`, { token: team.admin.token, body: { title: "" } });
    expect(fieldsOf(blank)).toEqual([["title", "invalid"]]);
  });
});

describe("who may", () => {
  let portal: Portal;
  let article: { id: number };
  beforeAll(async () => {
    portal = await makePortal(team.account.id);
    article = await create(portal, { title: "Guarded" });
  });

  it("lets agents read the list and one article but not write (403)", async () => {
    expect((await api.get(articlesOf(portal), { token: team.agent.token })).status).toBe(200);
    expect((await api.get(`${articlesOf(portal)}/${article.id}`, { token: team.agent.token })).status).toBe(200);
    const writes = [
      api.post(articlesOf(portal), { token: team.agent.token, body: { title: "Nope" } }),
      api.patch(`${articlesOf(portal)}/${article.id}`, { token: team.agent.token, body: { title: "Nope" } }),
      api.put(`${articlesOf(portal)}/${article.id}`, { token: team.agent.token, body: { title: "Nope" } }),
      api.delete(`${articlesOf(portal)}/${article.id}`, { token: team.agent.token }),
      api.post(`${articlesOf(portal)}/reorder`, { token: team.agent.token, body: { positions_hash: { [article.id]: 1 } } }),
    ];
    for (const res of await Promise.all(writes)) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ description: expect.any(String), errors: [] });
    }
    const still = (await api.get(`${articlesOf(portal)}/${article.id}`, { token: team.admin.token })).body.payload;
    expect(still).toMatchObject({ title: "Guarded", position: 10 });
  });

  it("lets an agent granted knowledge_base_manage write", async () => {
    const writer = await makeMember(team.account.id, "agent");
    await getDb().update(accountUsers).set({ permissions: ["knowledge_base_manage"] }).where(eq(accountUsers.userId, writer.user.id));
    const made = await create(portal, { title: "By a writer" }, writer.token);
    expect(made.author.id).toBe(writer.user.id);
    expect((await api.patch(`${articlesOf(portal)}/${made.id}`, { token: writer.token, body: { title: "Edited" } })).status).toBe(200);
    expect((await api.post(`${articlesOf(portal)}/reorder`, { token: writer.token, body: { positions_hash: { [made.id]: 5 } } })).status).toBe(200);
    expect((await api.delete(`${articlesOf(portal)}/${made.id}`, { token: writer.token })).status).toBe(200);
  });

  it("refuses bot tokens and no token (401)", async () => {
    const bot = await makeBot(team.account.id);
    for (const token of [bot.token, null]) {
      expect((await api.get(articlesOf(portal), { token })).status).toBe(401);
      expect((await api.get(`${articlesOf(portal)}/${article.id}`, { token })).status).toBe(401);
      expect((await api.post(articlesOf(portal), { token, body: { title: "Bot" } })).status).toBe(401);
    }
  });

  it("answers 404 for another account's portal or article, and another portal's article, changing nothing", async () => {
    const theirPortal = await makePortal(other.account.id);
    const theirs = await create(theirPortal, { title: "Theirs" }, other.admin.token);
    const mineElsewhere = await create(await makePortal(team.account.id), { title: "Elsewhere" });
    const theirPath = `/api/v1/accounts/${team.account.id}/portals/${theirPortal.slug}/articles`;
    const attempts = [
      api.get(theirPath, { token: team.admin.token }),
      api.post(theirPath, { token: team.admin.token, body: { title: "Intruder" } }),
      api.get(`${theirPath}/${theirs.id}`, { token: team.admin.token }),
      api.get(`${articlesOf(portal)}/${theirs.id}`, { token: team.admin.token }),
      api.patch(`${articlesOf(portal)}/${theirs.id}`, { token: team.admin.token, body: { title: "Mine now" } }),
      api.delete(`${articlesOf(portal)}/${theirs.id}`, { token: team.admin.token }),
      api.get(`${articlesOf(portal)}/${mineElsewhere.id}`, { token: team.admin.token }),
      api.patch(`${articlesOf(portal)}/${mineElsewhere.id}`, { token: team.admin.token, body: { title: "Moved?" } }),
      api.delete(`${articlesOf(portal)}/${mineElsewhere.id}`, { token: team.admin.token }),
      api.get(`${articlesOf(portal).replace(portal.slug, "no-such-portal")}`, { token: team.admin.token }),
      api.get(`${articlesOf(portal)}/abc`, { token: team.admin.token }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(404);
    const [row] = await getDb().select().from(articles).where(eq(articles.id, theirs.id));
    expect(row!.title).toBe("Theirs");
    const [kept] = await getDb().select().from(articles).where(eq(articles.id, mineElsewhere.id));
    expect(kept!.title).toBe("Elsewhere");
  });
});
