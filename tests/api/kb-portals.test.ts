import { randomBytes } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { accountUsers, articles, inboxes, portalCategories, portals } from "@/db/schema";
import { api } from "../helpers/app";
import { makeBot, makeMember, makeTeam } from "../helpers/factories";

let team: Awaited<ReturnType<typeof makeTeam>>;
let other: Awaited<ReturnType<typeof makeTeam>>;
let manager: Awaited<ReturnType<typeof makeMember>>;
let bot: Awaited<ReturnType<typeof makeBot>>;

const base = (accountId = team.account.id) => `/api/v1/accounts/${accountId}/portals`;
const uniqueSlug = (name = "help") => `${name}-${randomBytes(3).toString("hex")}`;
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

const createPortal = async (body: Record<string, unknown> = {}, token = team.admin.token, accountId = team.account.id) => {
  const res = await api.post(base(accountId), { token, body: { name: "Handbook", slug: uniqueSlug(), ...body } });
  if (res.status !== 200) throw new Error(`portal: ${res.status} ${res.text}`);
  return res.body;
};

const widgetInbox = async (accountId: number, channelType: "Channel::WebWidget" | "Channel::Api" = "Channel::WebWidget") => {
  const [inbox] = await getDb()
    .insert(inboxes)
    .values({ accountId, name: `Site ${randomBytes(2).toString("hex")}`, channelType, identifier: randomBytes(12).toString("hex"), hmacToken: "h", secret: "s" })
    .returning();
  return inbox!;
};

const insertArticle = async (portalId: number, values: { status?: number; locale?: string; authorId?: number | null; categoryId?: number | null } = {}) => {
  const [article] = await getDb()
    .insert(articles)
    .values({
      accountId: team.account.id,
      portalId,
      title: "An article",
      slug: `a-${randomBytes(5).toString("hex")}`,
      content: "Body",
      status: values.status ?? 0,
      locale: values.locale ?? "en",
      authorId: values.authorId ?? null,
      categoryId: values.categoryId ?? null,
    })
    .returning();
  return article!;
};

const logoForm = (file: File) => {
  const form = new FormData();
  form.append("logo", file);
  return form;
};

beforeAll(async () => {
  team = await makeTeam();
  other = await makeTeam();
  manager = await makeMember(team.account.id, "agent");
  await getDb().update(accountUsers).set({ permissions: ["knowledge_base_manage"] }).where(eq(accountUsers.userId, manager.user.id));
  bot = await makeBot(team.account.id);
});

describe("portals: create, list, show", () => {
  it("creates a portal as Chatwoot renders it: bare, config locales as objects, index-style meta", async () => {
    const slug = uniqueSlug("handbook");
    const res = await api.post(base(), {
      token: team.admin.token,
      body: {
        portal: {
          name: "Handbook",
          slug,
          custom_domain: "https://Support.Example.test/docs",
          homepage_link: "https://example.test",
          header_text: "How can we help?",
          page_title: "Handbook",
          config: { allowed_locales: ["en", "fr", "en", ""], default_locale: "en", draft_locales: ["fr"], website_token: "dropped" },
        },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      color: "#1f93ff",
      custom_domain: "support.example.test",
      header_text: "How can we help?",
      homepage_link: "https://example.test",
      name: "Handbook",
      page_title: "Handbook",
      slug,
      archived: false,
      account_id: team.account.id,
      config: {
        allowed_locales: [
          { code: "en", articles_count: 0, categories_count: 0, draft: false },
          { code: "fr", articles_count: 0, categories_count: 0, draft: true },
        ],
        default_locale: "en",
      },
      meta: {
        all_articles_count: 0,
        archived_articles_count: null,
        published_count: null,
        draft_articles_count: null,
        categories_count: 0,
        default_locale: "en",
      },
    });
    const [row] = await getDb().select().from(portals).where(eq(portals.slug, slug));
    expect(row!.config).toEqual({ allowed_locales: ["en", "fr"], default_locale: "en", draft_locales: ["fr"] });
  });

  it("takes a top-level body and defaults the config to English", async () => {
    const portal = await createPortal({ name: "Bare" });
    expect(portal.name).toBe("Bare");
    expect(portal.config).toEqual({ allowed_locales: [{ code: "en", articles_count: 0, categories_count: 0, draft: false }], default_locale: "en" });
  });

  it("makes the only locale the given default when no locales are listed (as Chatwoot)", async () => {
    const portal = await createPortal({ config: { default_locale: "de" } });
    expect(portal.config.allowed_locales.map((l: { code: string }) => l.code)).toEqual(["de"]);
    expect(portal.meta.default_locale).toBe("de");
  });

  it("lists the account's portals, archived too, with counts per locale, and never another account's", async () => {
    const own = await createPortal({ config: { allowed_locales: ["en", "es"] } });
    await api.patch(`${base()}/${own.slug}`, { token: team.admin.token, body: { archived: true } });
    const theirs = await createPortal({}, other.admin.token, other.account.id);
    await getDb().insert(portalCategories).values({ accountId: team.account.id, portalId: own.id, name: "Start", slug: "start", locale: "es" });
    await insertArticle(own.id, { locale: "es" });
    await insertArticle(own.id, { locale: "es", status: 1 });

    const res = await api.get(base(), { token: team.agent.token });
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ current_page: 1, portals_count: res.body.payload.length });
    const slugs = res.body.payload.map((p: { slug: string }) => p.slug);
    expect(slugs).toContain(own.slug);
    expect(slugs).not.toContain(theirs.slug);
    const listed = res.body.payload.find((p: { slug: string }) => p.slug === own.slug);
    expect(listed.archived).toBe(true);
    expect(listed.config.allowed_locales).toEqual([
      { code: "en", articles_count: 0, categories_count: 0, draft: false },
      { code: "es", articles_count: 2, categories_count: 1, draft: false },
    ]);
    expect(listed.meta).toMatchObject({ all_articles_count: 0, published_count: null, categories_count: 1 });
    expect(res.body.payload.map((p: { id: number }) => p.id)).toEqual([...res.body.payload.map((p: { id: number }) => p.id)].sort((a, b) => a - b));
  });

  it("shows a portal with its article counts by status, the caller's own, and narrows them by locale", async () => {
    const portal = await createPortal({ config: { allowed_locales: ["en", "nl"] } });
    await insertArticle(portal.id, { status: 0, authorId: team.admin.user.id });
    await insertArticle(portal.id, { status: 1, authorId: team.agent.user.id });
    await insertArticle(portal.id, { status: 2 });
    await insertArticle(portal.id, { status: 1, locale: "nl", authorId: team.admin.user.id });
    await getDb().insert(portalCategories).values({ accountId: team.account.id, portalId: portal.id, name: "Start", slug: "start", locale: "nl" });

    const all = await api.get(`${base()}/${portal.slug}`, { token: team.admin.token });
    expect(all.status).toBe(200);
    expect(all.body.meta).toEqual({
      all_articles_count: 4,
      archived_articles_count: 1,
      published_count: 2,
      draft_articles_count: 1,
      mine_articles_count: 2,
      categories_count: 1,
      default_locale: "en",
    });
    const english = await api.get(`${base()}/${portal.slug}?locale=en`, { token: team.agent.token });
    expect(english.body.meta).toMatchObject({ all_articles_count: 3, published_count: 1, mine_articles_count: 1, categories_count: 1 });
    // No articles in the selection: Chatwoot leaves mine_articles_count out.
    const german = await api.get(`${base()}/${portal.slug}?locale=de`, { token: team.agent.token });
    expect(german.body.meta).toEqual({
      all_articles_count: 0,
      archived_articles_count: 0,
      published_count: 0,
      draft_articles_count: 0,
      categories_count: 1,
      default_locale: "en",
    });
    expect((await api.get(`${base()}/${portal.slug}?locale=not%20a%20locale`, { token: team.agent.token })).status).toBe(422);
  });

  it("answers 404 for an unknown slug and for another account's portal (never Chatwoot's 500)", async () => {
    const theirs = await createPortal({}, other.admin.token, other.account.id);
    for (const path of [`${base()}/no-such-portal`, `${base()}/${theirs.slug}`]) {
      expect((await api.get(path, { token: team.admin.token })).status).toBe(404);
      expect((await api.patch(path, { token: team.admin.token, body: { name: "Mine now" } })).status).toBe(404);
      expect((await api.delete(path, { token: team.admin.token })).status).toBe(404);
      expect((await api.patch(`${path}/archive`, { token: team.admin.token })).status).toBe(404);
      expect((await api.delete(`${path}/logo`, { token: team.admin.token })).status).toBe(404);
    }
    // B's administrator on A's account: not a member.
    const own = await createPortal();
    expect((await api.get(`${base()}/${own.slug}`, { token: other.admin.token })).status).toBe(404);
    const [still] = await getDb().select().from(portals).where(eq(portals.id, theirs.id));
    expect(still!.name).toBe("Handbook");
  });
});

describe("portals: validation", () => {
  it("keeps slugs unique across the installation (422 taken, also for another account's slug)", async () => {
    const theirs = await createPortal({}, other.admin.token, other.account.id);
    const res = await api.post(base(), { token: team.admin.token, body: { name: "Copy", slug: theirs.slug } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: "slug", message: "has already been taken", code: "taken" }]);
    const own = await createPortal();
    const renamed = await api.patch(`${base()}/${own.slug}`, { token: team.admin.token, body: { slug: theirs.slug } });
    expect(renamed.status).toBe(422);
    expect(renamed.body.errors[0]).toMatchObject({ field: "slug", code: "taken" });
  });

  it("keeps custom domains unique across the installation", async () => {
    const domain = `help-${randomBytes(3).toString("hex")}.example.test`;
    await createPortal({ custom_domain: domain }, other.admin.token, other.account.id);
    const res = await api.post(base(), { token: team.admin.token, body: { name: "Copy", slug: uniqueSlug(), custom_domain: domain.toUpperCase() } });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ field: "custom_domain", code: "taken" });
  });

  it.each([
    [{ slug: "Bad Slug" }, "slug"],
    [{ slug: "" }, "slug"],
    [{ name: "" }, "name"],
    [{ name: "Nul\u0000name" }, "name"],
    [{ color: "blue" }, "color"],
    [{ homepage_link: "javascript:alert(1)" }, "homepage_link"],
    [{ custom_domain: "not a domain" }, "custom_domain"],
    [{ config: { allowed_locales: ["english"] } }, "config.allowed_locales.0"],
    [{ config: { allowed_locales: ["en"], default_locale: "fr" } }, "config.default_locale"],
    [{ config: { allowed_locales: ["en", "fr"], default_locale: "en", draft_locales: ["en"] } }, "config.draft_locales"],
    [{ archived: "maybe" }, "archived"],
  ])("refuses %j naming the field %s, and creates nothing", async (fields, field) => {
    const slug = uniqueSlug();
    const res = await api.post(base(), { token: team.admin.token, body: { name: "Handbook", slug, ...fields } });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(await getDb().select().from(portals).where(eq(portals.slug, slug))).toEqual([]);
  });

  it("merges config keys over the stored config, drops drafts no longer allowed, keeps the default while allowed", async () => {
    const portal = await createPortal({ config: { allowed_locales: ["en", "fr", "de"], default_locale: "en", draft_locales: ["de"] } });
    const path = `${base()}/${portal.slug}`;
    const drafted = await api.patch(path, { token: team.admin.token, body: { portal: { config: { draft_locales: ["fr"] } } } });
    expect(drafted.status).toBe(200);
    expect(drafted.body.config.allowed_locales.map((l: { code: string; draft: boolean }) => [l.code, l.draft])).toEqual([
      ["en", false],
      ["fr", true],
      ["de", false],
    ]);
    const defaulted = await api.patch(path, { token: team.admin.token, body: { config: { default_locale: "de" } } });
    expect(defaulted.body.meta.default_locale).toBe("de");
    // The default is dropped from the allowed list: the first allowed takes its place; fr's draft goes with it.
    const narrowed = await api.put(path, { token: team.admin.token, body: { config: { allowed_locales: ["nl", "en"] } } });
    expect(narrowed.status).toBe(200);
    const [row] = await getDb().select().from(portals).where(eq(portals.id, portal.id));
    expect(row!.config).toEqual({ allowed_locales: ["nl", "en"], default_locale: "nl", draft_locales: [] });
    expect(narrowed.body.meta).toMatchObject({ all_articles_count: 0, published_count: null, default_locale: "nl" });
  });

  it("updates the other fields; blank color, link and domain go back to none", async () => {
    const portal = await createPortal({ color: "#abc", homepage_link: "https://example.test", custom_domain: `d-${randomBytes(3).toString("hex")}.example.test` });
    expect(portal.color).toBe("#abc");
    const res = await api.patch(`${base()}/${portal.slug}`, {
      token: team.admin.token,
      body: { portal: { name: "Renamed", color: "", homepage_link: "", custom_domain: "", header_text: "Hi", archived: true } },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Renamed", color: "#1f93ff", homepage_link: null, custom_domain: null, header_text: "Hi", archived: true });
  });
});

describe("portals: the web widget inbox and the inbox's help center", () => {
  it("links the account's web widget inbox (top level or inside portal) and shows it as `inbox`; blank unlinks", async () => {
    const widget = await widgetInbox(team.account.id);
    const portal = await createPortal({ inbox_id: widget.id });
    expect(portal.inbox).toMatchObject({ id: widget.id, channel_type: "Channel::WebWidget", name: widget.name });
    const path = `${base()}/${portal.slug}`;
    const cleared = await api.patch(path, { token: team.admin.token, body: { portal: { name: "Still" }, inbox_id: "" } });
    expect(cleared.status).toBe(200);
    expect(cleared.body).not.toHaveProperty("inbox");
    const linked = await api.patch(path, { token: team.admin.token, body: { portal: { inbox_id: widget.id } } });
    expect(linked.body.inbox.id).toBe(widget.id);
    const untouched = await api.patch(path, { token: team.admin.token, body: { name: "Again" } });
    expect(untouched.body.inbox.id).toBe(widget.id);
  });

  it("refuses an API inbox and another account's inbox (422 inbox_id)", async () => {
    const apiInbox = await widgetInbox(team.account.id, "Channel::Api");
    const foreign = await widgetInbox(other.account.id);
    for (const id of [apiInbox.id, foreign.id]) {
      const res = await api.post(base(), { token: team.admin.token, body: { name: "X", slug: uniqueSlug(), inbox_id: id } });
      expect(res.status).toBe(422);
      expect(res.body.errors[0].field).toBe("inbox_id");
    }
  });

  it("links an inbox to a portal with portal_id: help_center in the inbox JSON; null unlinks; another account's is 422", async () => {
    const portal = await createPortal({ name: "Guest help" });
    const created = await api.post(`/api/v1/accounts/${team.account.id}/inboxes`, {
      token: team.admin.token,
      body: { name: "Website", channel: { type: "web_widget", website_url: "https://example.test" }, portal_id: portal.id },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ portal_id: portal.id, help_center: { name: "Guest help", slug: portal.slug } });
    const inboxPath = `/api/v1/accounts/${team.account.id}/inboxes/${created.body.id}`;
    const shown = await api.get(inboxPath, { token: team.admin.token });
    expect(shown.body.help_center).toEqual({ name: "Guest help", slug: portal.slug });
    const listed = await api.get(`/api/v1/accounts/${team.account.id}/inboxes`, { token: team.admin.token });
    expect(listed.body.payload.find((i: { id: number }) => i.id === created.body.id).help_center.slug).toBe(portal.slug);

    const theirs = await createPortal({}, other.admin.token, other.account.id);
    const refused = await api.patch(inboxPath, { token: team.admin.token, body: { portal_id: theirs.id } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].field).toBe("portal_id");

    const unlinked = await api.patch(inboxPath, { token: team.admin.token, body: { portal_id: null } });
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.portal_id).toBeNull();
    expect(unlinked.body).not.toHaveProperty("help_center");
  });
});

describe("portals: archive, delete", () => {
  it("archives through PATCH /archive and answers the portal (Chatwoot's answers 500)", async () => {
    const portal = await createPortal();
    const res = await api.patch(`${base()}/${portal.slug}/archive`, { token: team.admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ slug: portal.slug, archived: true });
  });

  it("deletes a portal with its categories and articles, and unlinks its inboxes", async () => {
    const widget = await widgetInbox(team.account.id);
    const portal = await createPortal({ inbox_id: widget.id });
    await getDb().update(inboxes).set({ portalId: portal.id }).where(eq(inboxes.id, widget.id));
    const [category] = await getDb().insert(portalCategories).values({ accountId: team.account.id, portalId: portal.id, name: "C", slug: "c" }).returning();
    const article = await insertArticle(portal.id, { categoryId: category!.id });

    const res = await api.delete(`${base()}/${portal.slug}`, { token: team.admin.token });
    expect(res.status).toBe(200);
    expect(res.text).toBe("");
    expect((await api.get(`${base()}/${portal.slug}`, { token: team.admin.token })).status).toBe(404);
    expect(await getDb().select().from(portalCategories).where(eq(portalCategories.id, category!.id))).toEqual([]);
    expect(await getDb().select().from(articles).where(eq(articles.id, article.id))).toEqual([]);
    const [inbox] = await getDb().select().from(inboxes).where(eq(inboxes.id, widget.id));
    expect(inbox!.portalId).toBeNull();
  });
});

describe("portals: permissions", () => {
  it("lets agents read but not write (403); a member granted knowledge_base_manage writes; a bot token is refused (401)", async () => {
    const portal = await createPortal();
    const path = `${base()}/${portal.slug}`;
    expect((await api.get(base(), { token: team.agent.token })).status).toBe(200);
    expect((await api.get(path, { token: team.agent.token })).status).toBe(200);

    const writes = [
      () => api.post(base(), { token: team.agent.token, body: { name: "No", slug: uniqueSlug() } }),
      () => api.patch(path, { token: team.agent.token, body: { name: "No" } }),
      () => api.put(path, { token: team.agent.token, body: { name: "No" } }),
      () => api.patch(`${path}/archive`, { token: team.agent.token }),
      () => api.post(`${path}/logo`, { token: team.agent.token, multipart: logoForm(new File([png], "logo.png", { type: "image/png" })) }),
      () => api.delete(`${path}/logo`, { token: team.agent.token }),
      () => api.delete(path, { token: team.agent.token }),
    ];
    for (const write of writes) expect((await write()).status).toBe(403);
    const [unchanged] = await getDb().select().from(portals).where(eq(portals.id, portal.id));
    expect(unchanged).toMatchObject({ name: "Handbook", archived: false, logoStorageKey: null });

    const made = await api.post(base(), { token: manager.token, body: { name: "By a manager", slug: uniqueSlug() } });
    expect(made.status).toBe(200);
    expect((await api.patch(path, { token: manager.token, body: { name: "Managed" } })).body.name).toBe("Managed");
    expect((await api.delete(`${base()}/${made.body.slug}`, { token: manager.token })).status).toBe(200);

    for (const call of [() => api.get(base(), { token: bot.token }), () => api.get(path, { token: bot.token }), () => api.post(base(), { token: bot.token, body: { name: "Bot", slug: uniqueSlug() } })]) {
      expect((await call()).status).toBe(401);
    }
    expect((await api.get(base(), { token: null })).status).toBe(401);
  });
});

describe("portals: logo", () => {
  const download = (url: string) => {
    const link = new URL(url, "http://localhost");
    return api.get(`${link.pathname}${link.search}`);
  };

  it("uploads a logo, serves it through a signed link, refuses a tampered one, replaces and removes it", async () => {
    const portal = await createPortal();
    const path = `${base()}/${portal.slug}`;
    const res = await api.post(`${path}/logo`, { token: team.admin.token, multipart: logoForm(new File([png], "logo.png", { type: "image/png" })) });
    expect(res.status).toBe(200);
    expect(res.body.logo).toEqual({
      id: portal.id,
      portal_id: portal.id,
      file_type: "image/png",
      account_id: team.account.id,
      file_url: expect.stringContaining(`/uploads/portal-logo/${portal.id}?expires=`),
      blob_id: null,
      filename: "logo.png",
    });
    const served = await download(res.body.logo.file_url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect([...served.bytes]).toEqual([...png]);
    // Shown to agents too, on the list as on the portal.
    const listed = await api.get(base(), { token: team.agent.token });
    expect(listed.body.payload.find((p: { id: number }) => p.id === portal.id).logo.filename).toBe("logo.png");

    const link = new URL(res.body.logo.file_url, "http://localhost");
    const signature = link.searchParams.get("signature")!;
    const tampered = new URL(link);
    tampered.searchParams.set("signature", `${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`);
    expect((await download(tampered.toString())).status).toBe(403);
    // The same signature for another portal's id opens nothing.
    const elsewhere = new URL(link);
    elsewhere.pathname = `/uploads/portal-logo/${portal.id + 1}`;
    expect((await download(elsewhere.toString())).status).toBe(403);
    // Nor does it open the attachment with that id.
    expect((await download(`/uploads/${portal.id}${link.search}`)).status).toBe(403);
    const expired = new URL(link);
    expired.searchParams.set("expires", "1000");
    expect((await download(expired.toString())).status).toBe(403);

    const [before] = await getDb().select().from(portals).where(eq(portals.id, portal.id));
    const replaced = await api.post(`${path}/logo`, { token: team.admin.token, multipart: logoForm(new File([png], "new.webp", { type: "image/webp" })) });
    expect(replaced.body.logo).toMatchObject({ filename: "new.webp", file_type: "image/webp" });
    const [after] = await getDb().select().from(portals).where(eq(portals.id, portal.id));
    expect(after!.logoStorageKey).not.toBe(before!.logoStorageKey);

    const removed = await api.delete(`${path}/logo`, { token: team.admin.token });
    expect(removed.status).toBe(200);
    expect(removed.text).toBe("");
    expect((await api.get(path, { token: team.admin.token })).body).not.toHaveProperty("logo");
    expect((await download(replaced.body.logo.file_url)).status).toBe(404);
  });

  it("refuses a missing file, a non-image and SVG (422 logo), keeping the logo it has", async () => {
    const portal = await createPortal();
    const path = `${base()}/${portal.slug}/logo`;
    const empty = new FormData();
    empty.append("name", "nothing");
    const cases = [
      empty,
      logoForm(new File(["plain"], "notes.txt", { type: "text/plain" })),
      logoForm(new File(["<svg onload='alert(1)'/>"], "logo.svg", { type: "image/svg+xml" })),
    ];
    for (const form of cases) {
      const res = await api.post(path, { token: team.admin.token, multipart: form });
      expect(res.status).toBe(422);
      expect(res.body.errors[0].field).toBe("logo");
    }
    const [row] = await getDb().select().from(portals).where(eq(portals.id, portal.id));
    expect(row!.logoStorageKey).toBeNull();
  });

  it("deletes the logo's portal without leaving the link working", async () => {
    const portal = await createPortal();
    const path = `${base()}/${portal.slug}`;
    const res = await api.post(`${path}/logo`, { token: team.admin.token, multipart: logoForm(new File([png], "logo.png", { type: "image/png" })) });
    await api.delete(path, { token: team.admin.token });
    expect((await download(res.body.logo.file_url)).status).toBe(404);
    expect(await getDb().select().from(portals).where(inArray(portals.id, [portal.id]))).toEqual([]);
  });
});
