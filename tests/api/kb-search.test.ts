import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { articles, articleStatuses, inboxes, portalCategories, portals, type ArticleStatus } from "@/db/schema";
import { accountContext } from "@/lib/auth/caller";
import { searchArticles, type SearchAudience } from "@/lib/knowledge-base/search";
import { callTool } from "@/lib/mcp/call";
import type { McpCtx } from "@/lib/mcp/tool";
import { tools } from "@/lib/mcp/tools";
import { api } from "../helpers/app";
import { makeBot, makeTeam } from "../helpers/factories";

/*
 * Knowledge base search quality on a venue's help center of ~50 hand-written articles in English and
 * French over two portals: for ten questions written by hand the expected article comes first
 * (typos, a description-only match, French stemming, a word being typed, a tag). Drafts and
 * archived articles reach members only; bots, contacts and the public never see them. Then the
 * doors: the account API (members and bots), the Client API (the inbox's portal only), MCP tools;
 * another account's articles never show; snippets are safe HTML.
 */

type Team = Awaited<ReturnType<typeof makeTeam>>;
type Written = { title: string; description?: string; content: string; tags?: string[]; status?: ArticleStatus; category?: string; locale?: "en" | "fr"; portal?: "guests" | "organisers" };

let team: Team;
let other: Team;
let botToken: string;
let guests: typeof portals.$inferSelect;
let organisers: typeof portals.$inferSelect;
let foreignPortal: typeof portals.$inferSelect;
const ids = new Map<string, number>();
const statusOf = new Map<number, ArticleStatus>();
const portalOf = new Map<number, number>();
let inboxIdentifier: string;
let unlinkedIdentifier: string;
let admin: McpCtx;

const unique = Math.random().toString(36).slice(2, 8);

/** The fixture: a venue's help center. Distractors mention the same words in their content. */
const written: Written[] = [
  // Audio and video
  { title: "Projector and screen hire", description: "A 4K projector, a 3-metre screen and HDMI cables for presentations.", content: "Every meeting room can have a **projector** and a screen. Ask for it when you book; the technician sets it up an hour before.", tags: ["av", "beamer"], category: "av" },
  { title: "Microphones and sound", description: "Wireless handheld and lapel microphones, with a mixing desk.", content: "The ballroom has a built-in sound system. For speeches we recommend two wireless microphones. A projector can be added.", category: "av" },
  { title: "Live streaming your event", description: "Stream talks to remote guests.", content: "We stream from our cameras to YouTube or Zoom. The stream needs the wired network; the projector shows the remote speakers.", category: "av" },
  { title: "Projector rental prices 2027", description: "New prices for the projector, not final yet.", content: "Projector hire costs 150 EUR a day from 2027.", status: "draft", category: "av" },
  { title: "Slide clickers and laser pointers", content: "Clickers work with any laptop. Laser pointers are at the reception desk.", category: "av" },
  // Rooms
  { title: "Meeting rooms for 10 to 40 people", description: "Daylight rooms with whiteboards.", content: "Our meeting rooms have whiteboards, a flip chart and a screen. A projector is available on request.", category: "rooms" },
  { title: "The ballroom", description: "Our largest space: 400 guests standing, 250 seated for dinner.", content: "The ballroom has chandeliers, a dance floor and its own bar. Parking for ballroom events is in the garage.", category: "rooms" },
  { title: "The garden terrace", description: "Outdoor drinks for up to 120 guests.", content: "The terrace is covered in case of rain. Heaters are available from October.", category: "rooms" },
  { title: "Room layouts: theatre, banquet, classroom", description: "How we can set up each room.", content: "Theatre layout seats the most people; banquet uses round tables of ten; classroom has tables facing the front.", category: "rooms" },
  { title: "Room capacity table", content: "| Room | Theatre | Banquet |\n|---|---:|---:|\n| Ballroom | 400 | 250 |\n| Terrace | 120 | 80 |", category: "rooms" },
  // Food and drink
  { title: "Vegan and vegetarian menus", description: "Plant-based menus prepared by our chef.", content: "Every menu has a vegan option. Tell us the number of vegan guests a week before the event.", category: "food" },
  { title: "Catering menus", description: "Lunch, dinner and buffet menus.", content: "Our catering covers breakfast, lunch and dinner. A vegan menu and a children's menu are available.", category: "food" },
  { title: "Allergies and dietary requirements", description: "Gluten-free, nut-free and halal meals.", content: "Tell us about allergies when you confirm numbers. The kitchen labels every dish.", category: "food" },
  { title: "Coffee breaks", description: "Coffee, tea and pastries between sessions.", content: "A coffee break lasts 30 minutes and is served in the foyer.", category: "food" },
  { title: "Wine list and bar", description: "Drinks packages and the bar tab.", content: "We offer an open bar or a tab. Corkage applies if you bring your own wine.", category: "food" },
  { title: "Old buffet menu 2019", content: "The buffet menu of 2019, no longer served. Vegan menus were extra.", status: "archived", category: "food" },
  // Accessibility
  { title: "Accessibility: step-free access and lifts", description: "Every floor is reachable without stairs.", content: "The main entrance is step-free, the lifts reach every floor, and accessible toilets are on each floor. Wheelchairs can be borrowed at the desk.", category: "access" },
  { title: "Hearing loop and sign language", description: "Induction loops in the ballroom and meeting rooms.", content: "Ask us for a sign language interpreter at least two weeks in advance.", category: "access" },
  { title: "Assistance dogs", description: "Assistance dogs are welcome everywhere.", content: "Water bowls are available at the reception.", category: "access" },
  // Getting here
  { title: "Parking at the venue", description: "120 spaces in our garage under the building.", content: "The garage opens at 7:00. Guests pay at the machine; organisers can buy parking vouchers. Electric car chargers are on level -1.", tags: ["valet", "garage"], category: "travel" },
  { title: "Public transport", description: "Trains, trams and buses nearby.", content: "The central station is a 10-minute walk. Tram 5 stops at the door. There is no parking near the tram stop.", category: "travel" },
  { title: "Bike storage", description: "Covered racks for 60 bikes.", content: "Bikes can be stored in the courtyard. Parking a bike in the lobby is not allowed.", category: "travel" },
  { title: "Shuttle bus from the airport", description: "A shuttle on request for groups.", content: "The shuttle runs every hour from the airport to the venue.", category: "travel" },
  // Bookings and payments
  { title: "Cancellation policy", description: "What cancelling a booking costs, and until when it is free.", content: "You can cancel free of charge until 90 days before the event. After that the deposit is kept. Cancel in writing.", category: "bookings" },
  { title: "Deposits", description: "A 30% deposit confirms your booking.", content: "The deposit is due within 14 days of the quote. We accept bank transfer and card.", category: "bookings" },
  { title: "Refunds", description: "How and when refunds are paid.", content: "Refunds are paid to the original card within 10 working days. The deposit is refundable only under the cancellation policy.", category: "bookings" },
  { title: "Invoices and VAT", description: "Invoices in your company's name.", content: "Send us your VAT number before the event. Invoices are emailed.", category: "bookings" },
  { title: "Changing the number of guests", description: "Final numbers a week before.", content: "You can change the number of guests until seven days before the event.", category: "bookings" },
  { title: "Cancellation fees 2018", content: "The old cancellation fees, replaced in 2020.", status: "archived", category: "bookings" },
  // On the day
  { title: "Wi-Fi for guests", description: "Free internet in every room.", content: "Connect to the network VenueGuest. The password is on the card at the reception. Streaming needs the wired network.", tags: ["wifi", "internet"], category: "day" },
  { title: "Cloakroom", description: "Coats, umbrellas and luggage are kept safe by our staff.", content: "The cloakroom is next to the main entrance and is staffed during every event.", category: "day" },
  { title: "Check-in and registration desks", description: "Desks and badge printing for your attendees.", content: "We set up registration desks in the foyer an hour before doors open.", category: "day" },
  { title: "Security and first aid", description: "Staff trained in first aid on every shift.", content: "A first aid kit and a defibrillator are at the reception. Security staff patrol the building.", category: "day" },
  { title: "Noise and music after 23:00", description: "Music stops at 23:00 on the terrace.", content: "Indoors, music may continue until 1:00 with the doors closed.", category: "day" },
  { title: "Fireworks", description: "Why we do not allow fireworks.", content: "Fireworks are not allowed. <script>alert(1)</script> Sparklers need our approval.", category: "day" },
  { title: "Wi-Fi password (old network)", content: "The old Wi-Fi network VenueOld was switched off.", status: "archived", tags: ["wifi"], category: "day" },
  // Organisers' portal
  { title: "Load-in and deliveries", description: "The loading dock and its hours.", content: "Deliveries arrive at the loading dock from 7:00. Parking at the dock is for 20 minutes.", portal: "organisers", category: "org" },
  { title: "Exhibitor stands", description: "Stand sizes, power and furniture.", content: "Each stand gets one power socket. Extra furniture can be hired.", portal: "organisers", category: "org" },
  { title: "Signage and branding", description: "Where you may hang banners.", content: "Banners may hang in the foyer; tape is not allowed on walls.", portal: "organisers", category: "org" },
  { title: "Organiser parking permits", description: "Permits for crew vans.", content: "Crew vans park at the dock with a permit.", portal: "organisers", category: "org" },
  { title: "Draft: crew catering", content: "Crew meals are served in the back office.", status: "draft", portal: "organisers", category: "org" },
  // French
  { title: "Conditions d'annulation", description: "Ce que coûte l'annulation d'une réservation.", content: "Vous pouvez annuler sans frais jusqu'à 90 jours avant l'événement. Ensuite, l'acompte est conservé.", locale: "fr", category: "fr-bookings" },
  { title: "Acompte et paiement", description: "Un acompte de 30 % confirme votre réservation.", content: "L'acompte est dû sous 14 jours. Nous acceptons le virement et la carte.", locale: "fr", category: "fr-bookings" },
  { title: "Salles de réunion", description: "Des salles lumineuses de 10 à 40 personnes.", content: "Nos salles ont un tableau blanc et un écran. Un vidéoprojecteur est disponible sur demande.", locale: "fr", category: "fr-rooms" },
  { title: "Accessibilité", description: "Tous les étages sont accessibles sans escalier.", content: "L'entrée principale est de plain-pied et les ascenseurs desservent chaque étage.", locale: "fr", category: "fr-rooms" },
  { title: "Le parking", description: "120 places dans notre garage.", content: "Le garage ouvre à 7 h. Des bornes de recharge sont au niveau -1.", locale: "fr", category: "fr-rooms" },
  { title: "Menus végétaliens", description: "Des menus végétaux préparés par notre chef.", content: "Chaque menu propose une option végétalienne.", locale: "fr", category: "fr-rooms" },
  { title: "Annulations tardives (brouillon)", content: "Brouillon : annulations à moins de 7 jours.", status: "draft", locale: "fr", category: "fr-bookings" },
  { title: "Le Wi-Fi", description: "Internet gratuit dans toutes les salles.", content: "Connectez-vous au réseau VenueGuest.", locale: "fr", tags: ["wifi"], category: "fr-rooms" },
];

/** Ten questions a guest or organiser asks, and the article that must answer first. */
const questions: { q: string; first: string; why: string }[] = [
  { q: "projecter", first: "Projector and screen hire", why: "a typo" },
  { q: "acessibility", first: "Accessibility: step-free access and lifts", why: "a typo the stemmer cannot save" },
  { q: "umbrellas", first: "Cloakroom", why: "only the description says it" },
  { q: "annulations", first: "Conditions d'annulation", why: "French stemming (annulations → annulation)" },
  { q: "wif", first: "Wi-Fi for guests", why: "a word being typed (prefix of a tag)" },
  { q: "valet", first: "Parking at the venue", why: "only a tag says it" },
  { q: "parking", first: "Parking at the venue", why: "the title beats content mentions" },
  { q: "vegan menu", first: "Vegan and vegetarian menus", why: "two words, title over content" },
  { q: "cancel booking", first: "Cancellation policy", why: "stemmed words in title and description" },
  { q: "salle de réunion", first: "Salles de réunion", why: "French phrase, plural title" },
];

const insertFixture = async (owner: Team) => {
  const db = getDb();
  const [g, o] = await db
    .insert(portals)
    .values([
      { accountId: owner.account.id, name: "Guests", slug: `guests-${unique}`, config: { allowed_locales: ["en", "fr"], default_locale: "en", draft_locales: [] } },
      { accountId: owner.account.id, name: "Organisers", slug: `organisers-${unique}`, config: { allowed_locales: ["en"], default_locale: "en", draft_locales: [] } },
    ])
    .returning();
  guests = g!;
  organisers = o!;
  const categoryKeys = [...new Set(written.map((article) => article.category!))];
  const categories = await db
    .insert(portalCategories)
    .values(
      categoryKeys.map((key, position) => ({
        accountId: owner.account.id,
        portalId: key === "org" ? organisers.id : guests.id,
        name: `Category ${key}`,
        slug: key,
        locale: key.startsWith("fr-") ? "fr" : "en",
        position: (position + 1) * 10,
      })),
    )
    .returning();
  const rows = await db
    .insert(articles)
    .values(
      written.map((article, index) => ({
        accountId: owner.account.id,
        portalId: article.portal === "organisers" ? organisers.id : guests.id,
        categoryId: categories.find((category) => category.slug === article.category)!.id,
        title: article.title,
        slug: `${unique}-${index}`,
        description: article.description ?? null,
        content: article.content,
        status: articleStatuses.indexOf(article.status ?? "published"),
        locale: article.locale ?? "en",
        position: (index + 1) * 10,
        meta: article.tags ? { tags: article.tags } : {},
      })),
    )
    .returning();
  for (const row of rows) {
    ids.set(row.title, row.id);
    statusOf.set(row.id, articleStatuses[row.status]!);
    portalOf.set(row.id, row.portalId);
  }
};

/** Many articles match (websearch's `or`), and the last word's prefix lets similar titles follow. */
const broad = "guests or menu or deposit or projector or wifi or parking or accessibilit";

const searchPath = (params: Record<string, string | number>, account = team.account.id) =>
  `/api/v1/accounts/${account}/search/articles?${new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)]))}`;

const titlesFor = async (audience: SearchAudience, q: string, options: { limit?: number; portalIds?: number[] } = {}) =>
  (await searchArticles(getDb(), { accountId: team.account.id, audience, query: q, limit: options.limit ?? 50, portalIds: options.portalIds })).articles;

const makeApiInbox = async (owner: Team, name: string) => {
  const res = await api.post(`/api/v1/accounts/${owner.account.id}/inboxes`, { token: owner.admin.token, body: { name, channel: { type: "api" } } });
  expect(res.status).toBe(200);
  return res.body as { id: number; inbox_identifier: string };
};

beforeAll(async () => {
  team = await makeTeam();
  other = await makeTeam();
  botToken = (await makeBot(team.account.id)).token;
  await insertFixture(team);
  // The other account: the same words, in its own portal.
  const [elsewhere] = await getDb()
    .insert(portals)
    .values({ accountId: other.account.id, name: "Elsewhere", slug: `elsewhere-${unique}` })
    .returning();
  foreignPortal = elsewhere!;
  await getDb()
    .insert(articles)
    .values({ accountId: other.account.id, portalId: foreignPortal!.id, title: "Projector and screen hire elsewhere", slug: `${unique}-foreign`, content: "Projector parking wifi vegan menu", status: 1 });
  const linked = await makeApiInbox(team, "Website");
  const unlinked = await makeApiInbox(team, "No help center");
  await getDb().update(inboxes).set({ portalId: guests.id }).where(eq(inboxes.id, linked.id));
  inboxIdentifier = linked.inbox_identifier;
  unlinkedIdentifier = unlinked.inbox_identifier;
  admin = await accountContext(getDb(), { kind: "user", user: team.admin.user }, team.account.id);
});

describe("search quality", () => {
  it.each(questions)("$q: '$first' comes first ($why)", async ({ q, first }) => {
    for (const audience of ["member", "bot", "contact", "public"] as const) {
      const found = await titlesFor(audience, q);
      expect(found[0]?.title, `${audience}: ${found.map((a) => a.title).join(" | ")}`).toBe(first);
    }
  });

  it("never shows drafts or archived articles to bots, contacts or the public, for any question", async () => {
    const queries = [...questions.map((question) => question.q), "projector", "wifi", "buffet menu", "cancellation fees", "annulations tardives", "crew catering", "prices"];
    for (const q of queries) {
      for (const audience of ["bot", "contact", "public"] as const) {
        const shown = (await titlesFor(audience, q)).filter((article) => article.status !== "published" || statusOf.get(article.id) !== "published");
        expect(shown.map((article) => article.title), `${audience} ${q}`).toEqual([]);
      }
    }
  });

  it("shows members drafts and archived articles, marked by their status", async () => {
    const found = await titlesFor("member", "projector");
    expect(found.map((article) => article.title)).toContain("Projector rental prices 2027");
    expect(found.find((article) => article.title === "Projector rental prices 2027")!.status).toBe("draft");
    expect((await titlesFor("member", "wifi")).map((article) => article.title)).toContain("Wi-Fi password (old network)");
    expect((await titlesFor("bot", "wifi")).map((article) => article.title)).not.toContain("Wi-Fi password (old network)");
  });

  it("ranks word matches before similar titles, each article once", async () => {
    const found = await titlesFor("member", "projecter");
    expect(new Set(found.map((article) => article.id)).size).toBe(found.length);
    const firstSimilar = found.findIndex((article) => article.match === "similar");
    if (firstSimilar !== -1) expect(found.slice(firstSimilar).every((article) => article.match === "similar")).toBe(true);
    const typo = await titlesFor("member", "acessibility");
    expect(typo[0]!.match).toBe("similar");
  });

  it("does not fill a page with titles that only share a first syllable with a half-typed word", async () => {
    // "parki" and "Refunds and payments" would share two of six trigrams (0.33): not a typo of it.
    const found = await titlesFor("member", "parki");
    expect(found.map((article) => article.title)).toContain("Parking at the venue");
    expect(found.every((article) => /park/i.test(`${article.title} ${article.description ?? ""} ${article.snippet}`))).toBe(true);
  });

  it("pages without repeating or skipping an article", async () => {
    const all = await titlesFor("member", broad, { limit: 50 });
    expect(all.length).toBeGreaterThan(15);
    const paged: number[] = [];
    for (let page = 1; page <= Math.ceil(all.length / 3) + 1; page++) {
      const result = await searchArticles(getDb(), { accountId: team.account.id, audience: "member", query: broad, limit: 3, page });
      paged.push(...result.articles.map((article) => article.id));
      if (!result.hasMore) break;
    }
    expect(paged).toEqual(all.map((article) => article.id));
  });

  it("finds nothing for a blank query", async () => {
    expect(await titlesFor("member", "   ")).toEqual([]);
  });

  it("gives each article its public page", async () => {
    const [parking] = await titlesFor("public", "parking");
    expect(parking!.url).toBe(`/hc/${guests.slug}/articles/${parking!.slug}`);
  });
});

describe("GET /search/articles", () => {
  it("answers members in Chatwoot's shape, with snippet, url and description, and every status", async () => {
    const res = await api.get(searchPath({ q: "projector" }), { token: team.agent.token });
    expect(res.status).toBe(200);
    const [first] = res.body.payload.articles;
    expect(first).toEqual({
      id: ids.get("Projector and screen hire"),
      title: "Projector and screen hire",
      locale: "en",
      content: expect.stringContaining("**projector**"),
      slug: expect.any(String),
      portal_slug: guests.slug,
      account_id: team.account.id,
      category_name: "Category av",
      status: "published",
      updated_at: expect.any(Number),
      description: "A 4K projector, a 3-metre screen and HDMI cables for presentations.",
      snippet: expect.stringContaining("<mark>"),
      url: `/hc/${guests.slug}/articles/${first.slug}`,
    });
    expect(res.body.payload.articles.map((article: { status: string }) => article.status)).toContain("draft");
  });

  it("answers an agent bot's token with published articles only (the bots' knowledge base search)", async () => {
    const res = await api.get(searchPath({ q: "projector" }), { token: botToken });
    expect(res.status).toBe(200);
    expect(res.body.payload.articles.length).toBeGreaterThan(0);
    expect(res.body.payload.articles.every((article: { status: string }) => article.status === "published")).toBe(true);
    const asked = await api.get(searchPath({ q: "projector", status: "draft" }), { token: botToken });
    expect(asked.body.payload.articles.every((article: { status: string }) => article.status === "published")).toBe(true);
  });

  it("refuses an agent bot every knowledge base write (401)", async () => {
    const base = `/api/v1/accounts/${team.account.id}`;
    const writes = [
      api.post(`${base}/portals`, { token: botToken, body: { name: "Bot portal", slug: "bot-portal" } }),
      api.post(`${base}/portals/${organisers.slug}/articles`, { token: botToken, body: { title: "Bot article", content: "x" } }),
      api.post(`${base}/portals/${organisers.slug}/categories`, { token: botToken, body: { name: "Bot category" } }),
      api.post(`${base}/galleries`, { token: botToken, body: { name: "Bot gallery" } }),
    ];
    for (const res of await Promise.all(writes)) expect(res.status).toBe(401);
  });

  it("filters by portal, locale, category and status", async () => {
    const byPortal = await api.get(searchPath({ q: "parking", portal_slug: organisers.slug }), { token: team.admin.token });
    expect(byPortal.body.payload.articles.map((article: { portal_slug: string }) => article.portal_slug)).toEqual(
      expect.arrayContaining([organisers.slug]),
    );
    expect(byPortal.body.payload.articles.every((article: { portal_slug: string }) => article.portal_slug === organisers.slug)).toBe(true);
    const french = await api.get(searchPath({ q: "parking", locale: "fr" }), { token: team.admin.token });
    expect(french.body.payload.articles.map((article: { title: string }) => article.title)).toEqual(["Le parking"]);
    const category = await api.get(searchPath({ q: "menu", category_id: (await categoryIdOf("Catering menus"))! }), { token: team.admin.token });
    expect(category.body.payload.articles.length).toBeGreaterThan(0);
    expect(category.body.payload.articles.every((article: { category_name: string }) => article.category_name === "Category food")).toBe(true);
    const archived = await api.get(searchPath({ q: "menu", status: "2" }), { token: team.admin.token });
    expect(archived.body.payload.articles.map((article: { title: string }) => article.title)).toEqual(["Old buffet menu 2019"]);
  });

  it("answers 15 a page", async () => {
    const first = await api.get(searchPath({ q: broad }), { token: team.admin.token });
    const second = await api.get(searchPath({ q: broad, page: 2 }), { token: team.admin.token });
    expect(first.body.payload.articles).toHaveLength(15);
    const ids1 = first.body.payload.articles.map((article: { id: number }) => article.id);
    const ids2 = second.body.payload.articles.map((article: { id: number }) => article.id);
    expect(ids2.length).toBeGreaterThan(0);
    expect(ids1.filter((id: number) => ids2.includes(id))).toEqual([]);
  });

  it("never shows another account's articles; its portal is a 404", async () => {
    const res = await api.get(searchPath({ q: "projector parking wifi" }), { token: team.admin.token });
    expect(res.text).not.toContain("elsewhere");
    const mine = await api.get(searchPath({ q: "Projector" }), { token: team.admin.token });
    expect(mine.body.payload.articles.every((article: { account_id: number }) => article.account_id === team.account.id)).toBe(true);
    const foreign = await api.get(searchPath({ q: "projector", portal_slug: foreignPortal.slug }), { token: team.admin.token });
    expect(foreign.status).toBe(404);
    const theirs = await api.get(searchPath({ q: "projector" }, team.account.id), { token: other.admin.token });
    expect(theirs.status).toBe(404);
  });

  it("refuses malformed filters with a 422 naming the field", async () => {
    const res = await api.get(searchPath({ q: "x", locale: "not a locale" }), { token: team.admin.token });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].field).toBe("locale");
    expect((await api.get(searchPath({ q: "x", status: "secret" }), { token: team.admin.token })).status).toBe(422);
  });

  it("escapes what an article's text holds in the snippet", async () => {
    const res = await api.get(searchPath({ q: "fireworks" }), { token: team.admin.token });
    const [fireworks] = res.body.payload.articles;
    expect(fireworks.title).toBe("Fireworks");
    expect(fireworks.snippet).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(fireworks.snippet).not.toContain("<script");
    expect(fireworks.snippet).toContain("<mark>Fireworks</mark>");
  });
});

const categoryIdOf = async (title: string) => {
  const [row] = await getDb().select({ categoryId: articles.categoryId }).from(articles).where(eq(articles.id, ids.get(title)!));
  return row?.categoryId;
};

describe("GET /public/api/v1/inboxes/{inbox_identifier}/articles", () => {
  it("answers a contact with the linked portal's published articles only", async () => {
    const res = await api.get(`/public/api/v1/inboxes/${inboxIdentifier}/articles?q=parking`);
    expect(res.status).toBe(200);
    const found = res.body.payload as { id: number; title: string; link: string; snippet: string; category_id: number | null }[];
    expect(found[0]!.title).toBe("Parking at the venue");
    expect(found[0]).toEqual({
      id: ids.get("Parking at the venue"),
      category_id: expect.any(Number),
      title: "Parking at the venue",
      description: "120 spaces in our garage under the building.",
      locale: "en",
      slug: expect.any(String),
      snippet: expect.stringContaining("<mark>"),
      link: expect.stringMatching(new RegExp(`^/hc/${guests.slug}/articles/`)),
    });
    expect(found.every((article) => portalOf.get(article.id) === guests.id && statusOf.get(article.id) === "published")).toBe(true);
    expect(found.map((article) => article.title)).not.toContain("Organiser parking permits");
  });

  it("filters by locale", async () => {
    const res = await api.get(`/public/api/v1/inboxes/${inboxIdentifier}/articles?q=parking&locale=fr`);
    expect(res.body.payload.map((article: { title: string }) => article.title)).toEqual(["Le parking"]);
  });

  it("answers an empty list when the inbox has no help center, and 404 for an unknown inbox", async () => {
    const res = await api.get(`/public/api/v1/inboxes/${unlinkedIdentifier}/articles?q=parking`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ payload: [] });
    expect((await api.get(`/public/api/v1/inboxes/nope-${unique}/articles?q=parking`)).status).toBe(404);
  });
});

describe("MCP tools", () => {
  const tool = (name: string) => tools.find((candidate) => candidate.name === name)!;

  it("search_knowledge_base finds articles with their snippets and status, page by page", async () => {
    const result = await callTool(tool("search_knowledge_base"), admin, { query: "projecter", limit: 2 });
    expect(result.isError).toBeFalsy();
    const body = result.structuredContent as { articles: { id: number; title: string; snippet: string; portal: { slug: string } }[]; next_cursor: string | null };
    expect(body.articles[0]!.title).toBe("Projector and screen hire");
    expect(body.articles).toHaveLength(2);
    expect(body.next_cursor).not.toBeNull();
    const next = await callTool(tool("search_knowledge_base"), admin, { query: "projecter", limit: 2, cursor: body.next_cursor });
    const nextIds = (next.structuredContent as typeof body).articles.map((article) => article.id);
    expect(nextIds.some((id) => body.articles.some((article) => article.id === id))).toBe(false);
  });

  it("get_article returns the article in full by portal and id, or by slug; another account's is not found", async () => {
    const id = ids.get("Deposits")!;
    const byId = await callTool(tool("get_article"), admin, { portal_slug: guests.slug, id });
    expect(byId.isError).toBeFalsy();
    const article = (byId.structuredContent as { article: { content: string; slug: string; status: string } }).article;
    expect(article.content).toContain("The deposit is due within 14 days");
    const bySlug = await callTool(tool("get_article"), admin, { slug: article.slug });
    expect((bySlug.structuredContent as { article: { id: number } }).article.id).toBe(id);
    const missing = await callTool(tool("get_article"), admin, { portal_slug: guests.slug });
    expect(missing.isError).toBe(true);
    const foreign = await callTool(tool("get_article"), admin, { slug: `${unique}-foreign` });
    expect(foreign.isError).toBe(true);
    expect((foreign.structuredContent as { status: number }).status).toBe(404);
  });
});
