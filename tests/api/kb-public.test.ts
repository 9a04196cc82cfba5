import { beforeAll, describe, expect, it } from "vitest";
import { findPublicPortal, publicArticle, publicCategory } from "@/lib/knowledge-base/public";
import { api } from "../helpers/app";
import { makeTeam } from "../helpers/factories";

/*
 * The public help center's JSON (Chatwoot's /hc/{portal}/{locale}/articles.json): no token, a
 * live portal's published articles only, ranked by a query with safe snippets, and the same
 * 404 for an archived portal, a locale it does not have and a portal that does not exist.
 */

type Team = Awaited<ReturnType<typeof makeTeam>>;
let team: Team;
let slug: string;

const write = (path: string, body: unknown) => api.post(`/api/v1/accounts/${team.account.id}${path}`, { token: team.admin.token, body });

beforeAll(async () => {
  team = await makeTeam();
  slug = `public-${team.account.id}`;
  expect((await write("/portals", { name: "Venue help", slug, config: { allowed_locales: ["en", "fr"] } })).status).toBe(200);
  const category = (await write(`/portals/${slug}/categories`, { name: "Getting here" })).body.payload;
  const articles = [
    { title: "Parking for guests", description: "The garage next door", content: "Park in the **garage**; we validate <script>alert(1)</script> tickets.", status: "published", category_id: category.id, position: 20 },
    { title: "Bike parking", description: "Racks by the door", content: "Forty racks by the main door.", status: "published", category_id: category.id, position: 10 },
    { title: "Parking prices 2028", content: "Not decided.", status: "draft", category_id: category.id },
    { title: "Old parking rules", content: "Parking was free.", status: "archived", category_id: category.id },
    { title: "Stationnement", content: "Le parking est à côté.", status: "published", locale: "fr" },
  ];
  for (const article of articles) expect((await write(`/portals/${slug}/articles`, article)).status).toBe(200);
});

const publicJson = (path: string) => api.get(`/hc/${slug}${path}`);

describe("the public help center's articles.json", () => {
  it("ranks the published articles for a query, with escaped snippets and their pages", async () => {
    const res = await publicJson("/en/articles.json?query=parking");
    expect(res.status).toBe(200);
    expect(res.body.payload.map((article: { title: string }) => article.title)).toEqual(["Parking for guests", "Bike parking"]);
    const [first] = res.body.payload;
    expect(first.link).toMatch(new RegExp(`^/hc/${slug}/articles/\\d+-parking-for-guests$`));
    expect(first.snippet).toContain("<mark>");
    expect(first.snippet).not.toContain("<script>");
    expect(first.content).not.toContain("<mark>");
    expect(res.body.meta).toEqual({ articles_count: 2, has_more: false });
  });

  it("lists the locale's published articles by position without a query, paged", async () => {
    const all = await publicJson("/en/articles.json");
    expect(all.body.payload.map((article: { title: string }) => article.title)).toEqual(["Bike parking", "Parking for guests"]);
    expect(all.body.meta).toEqual({ articles_count: 2, has_more: false });
    const first = await publicJson("/en/articles.json?per_page=1");
    expect(first.body.payload.map((article: { title: string }) => article.title)).toEqual(["Bike parking"]);
    expect(first.body.meta).toEqual({ articles_count: 2, has_more: true });
    const french = await publicJson("/fr/articles.json?query=stationnements");
    expect(french.body.payload.map((article: { title: string }) => article.title)).toEqual(["Stationnement"]);
  });

  it("never shows drafts or archived articles, and answers 404 for what is not public", async () => {
    for (const query of ["prices", "decided", "rules", "free", "2028"]) {
      const res = await publicJson(`/en/articles.json?query=${query}`);
      expect(res.status).toBe(200);
      expect(res.body.payload, query).toEqual([]);
    }
    expect((await publicJson("/de/articles.json")).status).toBe(404);
    expect((await api.get("/hc/no-such-portal/en/articles.json")).status).toBe(404);
    expect((await publicJson("/en/articles.json?per_page=500")).status).toBe(422);
    expect((await api.patch(`/api/v1/accounts/${team.account.id}/portals/${slug}`, { token: team.admin.token, body: { archived: true } })).status).toBe(200);
    expect((await publicJson("/en/articles.json?query=parking")).status).toBe(404);
    expect((await api.patch(`/api/v1/accounts/${team.account.id}/portals/${slug}`, { token: team.admin.token, body: { archived: false } })).status).toBe(200);
  });
});

describe("the help center's pages' look-ups", () => {
  it("find nothing, and fail nothing, for a slug from the URL that is no slug", async () => {
    const portal = await findPublicPortal(slug);
    expect(portal?.slug).toBe(slug);
    for (const notASlug of ["x\u0000y", "\ud800", "Getting Here", "-", "a".repeat(101)]) {
      expect(await findPublicPortal(notASlug)).toBeNull();
      expect(await publicCategory(portal!, "en", notASlug)).toBeNull();
      expect(await publicArticle(portal!, notASlug)).toBeNull();
    }
    expect(await publicCategory(portal!, "en", "getting-here")).toMatchObject({ category: { name: "Getting here" } });
  });
});
