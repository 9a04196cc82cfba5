import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { contacts } from "@/db/schema";
import { accountContext, type AccountCtx, type UserCaller } from "@/lib/auth/caller";
import { api } from "../helpers/app";
import { joinInbox, makeTeam } from "../helpers/factories";

/*
 * The composer's help center: the portal actions behind "Insert article", run against the real
 * services with only the session and request headers stood in for. An agent finds published
 * articles of a portal (never drafts), each with its absolute public address, and sends one as an
 * `article` message; the composer can send that type and no other of the API's interactive ones.
 */

const session = vi.hoisted(() => ({ ctx: null as unknown }));

vi.mock("@/lib/auth/session", () => ({ portalContext: async () => session.ctx as AccountCtx<UserCaller> }));
vi.mock("next/headers", () => ({ headers: async () => new Headers({ host: "venue.example.test", "x-forwarded-proto": "https", "x-forwarded-for": "127.0.0.1" }) }));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));

const { searchPortalArticlesAction } = await import("@/lib/portal/actions/conversation-reads");
const { sendMessageAction } = await import("@/lib/portal/actions/conversations");
const { inboxLookups } = await import("@/lib/portal/loaders/conversations");

let team: Awaited<ReturnType<typeof makeTeam>>;
let accountId: number;
let slug: string;
let inboxId: number;
let displayId: number;
let published: { slug: string };

beforeAll(async () => {
  team = await makeTeam();
  accountId = team.account.id;
  const base = `/api/v1/accounts/${accountId}`;
  const admin = { token: team.admin.token };
  slug = `composer-${randomUUID().slice(0, 8)}`;
  expect((await api.post(`${base}/portals`, { ...admin, body: { name: "Venue help", slug } })).status).toBe(200);
  const article = await api.post(`${base}/portals/${slug}/articles`, {
    ...admin,
    body: { title: "Parking and deliveries", description: "Where guests park.", content: "The garage is a short walk away.", status: "published" },
  });
  expect(article.status).toBe(200);
  published = article.body.payload;
  await api.post(`${base}/portals/${slug}/articles`, { ...admin, body: { title: "Parking prices draft", content: "Parking secret", status: "draft" } });
  const portal = await api.get(`${base}/portals/${slug}`, admin);
  const inbox = await api.post(`${base}/inboxes`, {
    ...admin,
    body: { name: "Chat", channel: { type: "web_widget", website_url: "https://venue.example.test" }, portal_id: portal.body.id },
  });
  expect(inbox.status).toBe(200);
  inboxId = inbox.body.id;
  await joinInbox(accountId, inboxId);
  const [contact] = await getDb().insert(contacts).values({ accountId, name: "Guest", email: `${randomUUID()}@example.test` }).returning();
  const opened = await api.post(`${base}/conversations`, { ...admin, body: { inbox_id: inboxId, contact_id: contact!.id } });
  displayId = opened.body.id;
  session.ctx = await accountContext(getDb(), { kind: "user", user: team.agent.user }, accountId);
});

describe("the composer's article picker", () => {
  it("names each inbox's help center in the inbox's lookups", async () => {
    const lookups = await inboxLookups(session.ctx as AccountCtx);
    expect(lookups.inboxes.find((inbox) => inbox.id === inboxId)).toMatchObject({ help_center: { slug, default_locale: "en", locales: ["en"] } });
  });

  it("finds published articles for an agent while a word is half typed, with the absolute public address, and never a draft", async () => {
    const outcome = await searchPortalArticlesAction(accountId, slug, "parki", undefined);
    expect(outcome).toMatchObject({ ok: true });
    if (!outcome.ok) return;
    expect(outcome.articles.map((article) => article.title)).toEqual(["Parking and deliveries"]);
    expect(outcome.articles[0]).toMatchObject({
      description: "Where guests park.",
      locale: "en",
      link: `https://venue.example.test/hc/${slug}/articles/${published.slug}`,
    });
    expect(outcome.articles[0]!.snippet).toContain("Where guests park.");
  });

  it("answers not found for a portal of another account", async () => {
    const other = await makeTeam();
    const otherSlug = `other-${randomUUID().slice(0, 8)}`;
    await api.post(`/api/v1/accounts/${other.account.id}/portals`, { token: other.admin.token, body: { name: "Other", slug: otherSlug } });
    expect(await searchPortalArticlesAction(accountId, otherSlug, "parking", undefined)).toMatchObject({ ok: false, code: "not_found" });
  });

  it("searches one language of a help center in several, or all of them with each article's locale", async () => {
    const base = `/api/v1/accounts/${accountId}/portals/${slug}`;
    const admin = { token: team.admin.token };
    expect((await api.patch(base, { ...admin, body: { config: { allowed_locales: ["en", "fr"], default_locale: "en" } } })).status).toBe(200);
    const french = await api.post(`${base}/articles`, {
      ...admin,
      body: { title: "Parking des invités", content: "Le parking est à deux pas.", locale: "fr", status: "published" },
    });
    expect(french.status).toBe(200);
    const lookups = await inboxLookups(session.ctx as AccountCtx);
    expect(lookups.inboxes.find((inbox) => inbox.id === inboxId)).toMatchObject({ help_center: { default_locale: "en", locales: ["en", "fr"] } });

    const titles = async (locale: string | undefined) => {
      const outcome = await searchPortalArticlesAction(accountId, slug, "parki", locale);
      if (!outcome.ok) throw new Error(outcome.message);
      return outcome.articles.map((article) => [article.title, article.locale]);
    };
    expect(await titles("en")).toEqual([["Parking and deliveries", "en"]]);
    expect(await titles("fr")).toEqual([["Parking des invités", "fr"]]);
    expect((await titles(undefined)).sort()).toEqual([
      ["Parking and deliveries", "en"],
      ["Parking des invités", "fr"],
    ]);
    expect(await searchPortalArticlesAction(accountId, slug, "parki", "not a locale")).toMatchObject({ ok: false, code: "invalid" });
  });

  it("sends an article message with its items", async () => {
    const items = [{ title: "Parking and deliveries", description: "Where guests park.", link: `https://venue.example.test/hc/${slug}/articles/${published.slug}` }];
    expect(await sendMessageAction(accountId, displayId, { private: false, content_type: "article", content_attributes: { items } })).toMatchObject({ ok: true });
    const listed = await api.get(`/api/v1/accounts/${accountId}/conversations/${displayId}/messages`, { token: team.agent.token });
    expect(listed.body.payload.at(-1)).toMatchObject({ content: null, content_type: "article", message_type: 1, content_attributes: { items } });
  });

  it("refuses an article whose link is not http(s), naming the field", async () => {
    const outcome = await sendMessageAction(accountId, displayId, {
      content_type: "article",
      content_attributes: { items: [{ title: "Bad", link: "javascript:alert(1)" }] },
    });
    expect(outcome).toMatchObject({ ok: false, errors: { "content_attributes.items.0.link": expect.any(String) } });
  });

  it("sends any other content type as plain text: the composer makes replies and articles only", async () => {
    const outcome = await sendMessageAction(accountId, displayId, {
      content: "Pick one",
      content_type: "input_select",
      content_attributes: { items: [{ title: "Yes", value: "yes" }] },
    });
    expect(outcome).toMatchObject({ ok: true });
    const listed = await api.get(`/api/v1/accounts/${accountId}/conversations/${displayId}/messages`, { token: team.agent.token });
    expect(listed.body.payload.at(-1)).toMatchObject({ content: "Pick one", content_type: "text" });
  });
});
