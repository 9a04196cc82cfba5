import { randomBytes } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { accountUsers, articles, portalCategories, relatedCategories } from "@/db/schema";
import { api } from "../helpers/app";
import { makeBot, makeMember, makeTeam } from "../helpers/factories";

let team: Awaited<ReturnType<typeof makeTeam>>;
let other: Awaited<ReturnType<typeof makeTeam>>;
let manager: Awaited<ReturnType<typeof makeMember>>;
let bot: Awaited<ReturnType<typeof makeBot>>;

const portals = (accountId = team.account.id) => `/api/v1/accounts/${accountId}/portals`;

const makePortal = async (token = team.admin.token, accountId = team.account.id, locales = ["en", "fr"]) => {
  const slug = `kb-${randomBytes(4).toString("hex")}`;
  const res = await api.post(portals(accountId), { token, body: { name: "Handbook", slug, config: { allowed_locales: locales, default_locale: locales[0] } } });
  if (res.status !== 200) throw new Error(`portal: ${res.status} ${res.text}`);
  return { ...res.body, categories: `${portals(accountId)}/${slug}/categories` } as { id: number; slug: string; categories: string };
};

const makeCategory = async (path: string, body: Record<string, unknown>, token = team.admin.token) => {
  const res = await api.post(path, { token, body });
  if (res.status !== 200) throw new Error(`category: ${res.status} ${res.text}`);
  return res.body.payload;
};

const insertArticle = async (portalId: number, categoryId: number | null, locale = "en", status = 0) => {
  const [row] = await getDb()
    .insert(articles)
    .values({ accountId: team.account.id, portalId, categoryId, title: "A", slug: `a-${randomBytes(5).toString("hex")}`, locale, status })
    .returning();
  return row!;
};

beforeAll(async () => {
  team = await makeTeam();
  other = await makeTeam();
  manager = await makeMember(team.account.id, "agent");
  await getDb().update(accountUsers).set({ permissions: ["knowledge_base_manage"] }).where(eq(accountUsers.userId, manager.user.id));
  bot = await makeBot(team.account.id);
});

describe("categories: create and show", () => {
  it("creates a category as Chatwoot renders it, wrapped in payload, with a slug from the name and the next position", async () => {
    const portal = await makePortal();
    const res = await api.post(portal.categories, {
      token: team.admin.token,
      body: { category: { name: "Getting started", description: "First steps", icon: "📚" } },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      payload: {
        id: expect.any(Number),
        name: "Getting started",
        slug: "getting-started",
        locale: "en",
        description: "First steps",
        position: 10,
        account_id: team.account.id,
        icon: "📚",
        meta: { articles_count: 0 },
      },
    });
    const second = await makeCategory(portal.categories, { name: "Getting started" });
    expect(second).toMatchObject({ slug: "getting-started-2", position: 20, icon: "" });
    // Another locale has its own slugs and positions.
    const french = await makeCategory(portal.categories, { name: "Getting started", locale: "fr" });
    expect(french).toMatchObject({ slug: "getting-started", locale: "fr", position: 10 });
  });

  it("shows parent, translation root and related categories, and omits them when there are none", async () => {
    const portal = await makePortal();
    const parent = await makeCategory(portal.categories, { name: "Venue", slug: "venue" });
    const root = await makeCategory(portal.categories, { name: "Rooms", slug: "rooms" });
    const sibling = await makeCategory(portal.categories, { name: "Catering", slug: "catering" });
    const child = await makeCategory(portal.categories, {
      name: "Salles",
      slug: "salles",
      locale: "fr",
      parent_category_id: parent.id,
      associated_category_id: root.id,
      related_category_ids: [sibling.id, root.id],
    });
    const associated = (c: { id: number; name: string; slug: string; locale: string; description: string | null; position: number | null }) => ({
      id: c.id,
      name: c.name,
      slug: c.slug,
      locale: c.locale,
      description: c.description,
      position: c.position,
      account_id: team.account.id,
    });
    const shown = await api.get(`${portal.categories}/${child.id}`, { token: team.agent.token });
    expect(shown.status).toBe(200);
    expect(shown.body.payload).toMatchObject({
      parent_category: associated(parent),
      root_category: associated(root),
      related_categories: [associated(root), associated(sibling)],
    });
    const plain = await api.get(`${portal.categories}/${parent.id}`, { token: team.agent.token });
    expect(Object.keys(plain.body.payload).sort()).toEqual(["account_id", "description", "icon", "id", "locale", "meta", "name", "position", "slug"]);
  });

  it("counts a category's articles of every status (and of the listed locale in the list)", async () => {
    const portal = await makePortal();
    const category = await makeCategory(portal.categories, { name: "FAQ" });
    await insertArticle(portal.id, category.id, "en", 0);
    await insertArticle(portal.id, category.id, "en", 1);
    await insertArticle(portal.id, category.id, "fr", 2);
    expect((await api.get(`${portal.categories}/${category.id}`, { token: team.admin.token })).body.payload.meta).toEqual({ articles_count: 3 });
    const listed = await api.get(`${portal.categories}?locale=en`, { token: team.admin.token });
    expect(listed.body.payload[0].meta).toEqual({ articles_count: 2 });
  });
});

describe("categories: list", () => {
  it("lists by position then id, narrows by locale, and counts the page", async () => {
    const portal = await makePortal();
    const b = await makeCategory(portal.categories, { name: "B", position: 2 });
    const a = await makeCategory(portal.categories, { name: "A", position: 1 });
    const c = await makeCategory(portal.categories, { name: "C", position: 2 });
    const fr = await makeCategory(portal.categories, { name: "F", locale: "fr", position: 0 });
    const all = await api.get(portal.categories, { token: team.agent.token });
    expect(all.status).toBe(200);
    expect(all.body.payload.map((x: { id: number }) => x.id)).toEqual([fr.id, a.id, b.id, c.id]);
    expect(all.body.meta).toEqual({ current_page: 1, categories_count: 4 });
    const english = await api.get(`${portal.categories}?locale=en`, { token: team.agent.token });
    expect(english.body.payload.map((x: { id: number }) => x.id)).toEqual([a.id, b.id, c.id]);
    const later = await api.get(`${portal.categories}?page=2`, { token: team.agent.token });
    expect(later.body).toEqual({ payload: [], meta: { current_page: 2, categories_count: 0 } });
  });
});

describe("categories: validation", () => {
  it("keeps slugs unique per portal and locale (422 taken), free in another locale or portal", async () => {
    const portal = await makePortal();
    const otherPortal = await makePortal();
    await makeCategory(portal.categories, { name: "FAQ", slug: "faq" });
    const dup = await api.post(portal.categories, { token: team.admin.token, body: { name: "FAQ again", slug: "faq" } });
    expect(dup.status).toBe(422);
    expect(dup.body.errors[0]).toMatchObject({ field: "slug", code: "taken" });
    expect((await api.post(portal.categories, { token: team.admin.token, body: { name: "FAQ", slug: "faq", locale: "fr" } })).status).toBe(200);
    expect((await api.post(otherPortal.categories, { token: team.admin.token, body: { name: "FAQ", slug: "faq" } })).status).toBe(200);
    const moved = await makeCategory(portal.categories, { name: "Other", slug: "other" });
    const clash = await api.patch(`${portal.categories}/${moved.id}`, { token: team.admin.token, body: { slug: "faq" } });
    expect(clash.status).toBe(422);
    expect(clash.body.errors[0]).toMatchObject({ field: "slug", code: "taken" });
  });

  it("refuses foreign references, bad slugs, locales the portal lacks and unstorable text, writing nothing", async () => {
    const portal = await makePortal();
    const elsewhere = await makePortal();
    const foreign = await makeCategory(elsewhere.categories, { name: "Elsewhere" });
    const theirs = await makePortal(other.admin.token, other.account.id);
    const theirCategory = await makeCategory(theirs.categories, { name: "Theirs" }, other.admin.token);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "X", parent_category_id: foreign.id }, "parent_category_id"],
      [{ name: "X", parent_category_id: theirCategory.id }, "parent_category_id"],
      [{ name: "X", associated_category_id: foreign.id }, "associated_category_id"],
      [{ name: "X", related_category_ids: [theirCategory.id] }, "related_category_ids"],
      [{ name: "X", slug: "Not A Slug" }, "slug"],
      [{ name: "X", locale: "de" }, "locale"],
      [{ name: "X", locale: "klingon!" }, "locale"],
      [{ name: "Bad\u0000name" }, "name"],
      [{ name: "" }, "name"],
      [{ name: "X", position: 1.5 }, "position"],
    ];
    for (const [body, field] of cases) {
      const res = await api.post(portal.categories, { token: team.admin.token, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect(await getDb().select().from(portalCategories).where(eq(portalCategories.portalId, portal.id))).toEqual([]);
  });

  it("refuses a parent loop and self references on update", async () => {
    const portal = await makePortal();
    const top = await makeCategory(portal.categories, { name: "Top" });
    const middle = await makeCategory(portal.categories, { name: "Middle", parent_category_id: top.id });
    const bottom = await makeCategory(portal.categories, { name: "Bottom", parent_category_id: middle.id });
    const cases: [number, Record<string, unknown>, string][] = [
      [top.id, { parent_category_id: bottom.id }, "parent_category_id"],
      [top.id, { parent_category_id: top.id }, "parent_category_id"],
      [top.id, { associated_category_id: top.id }, "associated_category_id"],
      [top.id, { related_category_ids: [middle.id, top.id] }, "related_category_ids"],
    ];
    for (const [id, body, field] of cases) {
      const res = await api.patch(`${portal.categories}/${id}`, { token: team.admin.token, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors[0].field).toBe(field);
    }
    const [row] = await getDb().select().from(portalCategories).where(eq(portalCategories.id, top.id));
    expect(row!.parentCategoryId).toBeNull();
  });
});

describe("categories: update, delete", () => {
  it("updates fields, replaces (and clears) the related set, and moves to another allowed locale", async () => {
    const portal = await makePortal();
    const one = await makeCategory(portal.categories, { name: "One" });
    const two = await makeCategory(portal.categories, { name: "Two" });
    const three = await makeCategory(portal.categories, { name: "Three", related_category_ids: [one.id] });
    const path = `${portal.categories}/${three.id}`;
    const updated = await api.patch(path, {
      token: team.admin.token,
      body: { category: { name: "Trois", description: "D", icon: "🎪", position: 5, locale: "fr", related_category_ids: [two.id] } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.payload).toMatchObject({ name: "Trois", slug: "three", description: "D", icon: "🎪", position: 5, locale: "fr" });
    expect(updated.body.payload.related_categories.map((c: { id: number }) => c.id)).toEqual([two.id]);
    const cleared = await api.put(path, { token: team.admin.token, body: { related_category_ids: [] } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.payload).not.toHaveProperty("related_categories");
    expect((await api.patch(path, { token: team.admin.token, body: { locale: "de" } })).status).toBe(422);
  });

  it("deletes a category: its articles stay uncategorized, sub-categories lose their parent", async () => {
    const portal = await makePortal();
    const parent = await makeCategory(portal.categories, { name: "Parent" });
    const child = await makeCategory(portal.categories, { name: "Child", parent_category_id: parent.id, related_category_ids: [parent.id] });
    const article = await insertArticle(portal.id, parent.id);
    const res = await api.delete(`${portal.categories}/${parent.id}`, { token: team.admin.token });
    expect(res.status).toBe(200);
    expect(res.text).toBe("");
    expect((await api.get(`${portal.categories}/${parent.id}`, { token: team.admin.token })).status).toBe(404);
    const [kept] = await getDb().select().from(articles).where(eq(articles.id, article.id));
    expect(kept!.categoryId).toBeNull();
    const shown = await api.get(`${portal.categories}/${child.id}`, { token: team.admin.token });
    expect(shown.body.payload).not.toHaveProperty("parent_category");
    expect(shown.body.payload).not.toHaveProperty("related_categories");
    expect(await getDb().select().from(relatedCategories).where(eq(relatedCategories.categoryId, child.id))).toEqual([]);
  });

  it("answers 404 for another portal's category and another account's portal", async () => {
    const portal = await makePortal();
    const elsewhere = await makePortal();
    const foreign = await makeCategory(elsewhere.categories, { name: "Elsewhere" });
    const theirs = await makePortal(other.admin.token, other.account.id);
    const theirCategory = await makeCategory(theirs.categories, { name: "Theirs" }, other.admin.token);
    for (const path of [`${portal.categories}/${foreign.id}`, `${portals()}/${theirs.slug}/categories/${theirCategory.id}`, `${portal.categories}/${theirCategory.id}`]) {
      expect((await api.get(path, { token: team.admin.token })).status).toBe(404);
      expect((await api.patch(path, { token: team.admin.token, body: { name: "Taken over" } })).status).toBe(404);
      expect((await api.delete(path, { token: team.admin.token })).status).toBe(404);
    }
    expect((await api.get(`${portals()}/${theirs.slug}/categories`, { token: team.admin.token })).status).toBe(404);
    expect((await api.post(`${portals()}/${theirs.slug}/categories`, { token: team.admin.token, body: { name: "X" } })).status).toBe(404);
    const [still] = await getDb().select().from(portalCategories).where(eq(portalCategories.id, foreign.id));
    expect(still!.name).toBe("Elsewhere");
  });
});

describe("categories: reorder", () => {
  it("stores the positions as given, all at once", async () => {
    const portal = await makePortal();
    const a = await makeCategory(portal.categories, { name: "A" });
    const b = await makeCategory(portal.categories, { name: "B" });
    const c = await makeCategory(portal.categories, { name: "C" });
    const res = await api.post(`${portal.categories}/reorder`, { token: team.admin.token, body: { positions_hash: { [c.id]: 1, [a.id]: 2, [b.id]: 3 } } });
    expect(res.status).toBe(200);
    expect(res.text).toBe("");
    const listed = await api.get(portal.categories, { token: team.agent.token });
    expect(listed.body.payload.map((x: { id: number; position: number }) => [x.id, x.position])).toEqual([
      [c.id, 1],
      [a.id, 2],
      [b.id, 3],
    ]);
    expect((await api.post(`${portal.categories}/reorder`, { token: team.admin.token, body: {} })).status).toBe(200);
  });

  it("answers 404 and moves nothing when one id is another portal's", async () => {
    const portal = await makePortal();
    const elsewhere = await makePortal();
    const a = await makeCategory(portal.categories, { name: "A" });
    const b = await makeCategory(portal.categories, { name: "B" });
    const foreign = await makeCategory(elsewhere.categories, { name: "F" });
    const res = await api.post(`${portal.categories}/reorder`, { token: team.admin.token, body: { positions_hash: { [a.id]: 99, [b.id]: 98, [foreign.id]: 1 } } });
    expect(res.status).toBe(404);
    const rows = await getDb().select({ id: portalCategories.id, position: portalCategories.position }).from(portalCategories).where(eq(portalCategories.portalId, portal.id)).orderBy(asc(portalCategories.id));
    expect(rows).toEqual([
      { id: a.id, position: 10 },
      { id: b.id, position: 20 },
    ]);
    const [untouched] = await getDb().select().from(portalCategories).where(eq(portalCategories.id, foreign.id));
    expect(untouched!.position).toBe(10);
    const bad = await api.post(`${portal.categories}/reorder`, { token: team.admin.token, body: { positions_hash: { abc: 1 } } });
    expect(bad.status).toBe(422);
  });
});

describe("categories: permissions", () => {
  it("lets agents read (list and show) but not write; knowledge_base_manage writes; bots get 401", async () => {
    const portal = await makePortal();
    const category = await makeCategory(portal.categories, { name: "Read me" });
    const path = `${portal.categories}/${category.id}`;
    expect((await api.get(portal.categories, { token: team.agent.token })).status).toBe(200);
    expect((await api.get(path, { token: team.agent.token })).status).toBe(200);
    const writes = [
      () => api.post(portal.categories, { token: team.agent.token, body: { name: "No" } }),
      () => api.patch(path, { token: team.agent.token, body: { name: "No" } }),
      () => api.put(path, { token: team.agent.token, body: { name: "No" } }),
      () => api.post(`${portal.categories}/reorder`, { token: team.agent.token, body: { positions_hash: { [category.id]: 1 } } }),
      () => api.delete(path, { token: team.agent.token }),
    ];
    for (const write of writes) expect((await write()).status).toBe(403);
    const [row] = await getDb().select().from(portalCategories).where(eq(portalCategories.id, category.id));
    expect(row).toMatchObject({ name: "Read me", position: 10 });

    const made = await api.post(portal.categories, { token: manager.token, body: { name: "Managed" } });
    expect(made.status).toBe(200);
    expect((await api.delete(`${portal.categories}/${made.body.payload.id}`, { token: manager.token })).status).toBe(200);

    expect((await api.get(portal.categories, { token: bot.token })).status).toBe(401);
    expect((await api.post(portal.categories, { token: bot.token, body: { name: "Bot" } })).status).toBe(401);
  });
});
