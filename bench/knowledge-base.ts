// `npm run bench:kb`: knowledge base search over 10,000 articles. Seeds (once; kept in .bench-data,
// database venuedesk_bench_kb) an account with two portals of venue help articles written from word
// lists, seven in ten English and the rest French, nine in ten published; starts the production
// server and measures GET /search/articles at one client with a common word, a rare word, two
// words, a typo (trigram fallback), a word being typed (prefix) and a French query, for a user and
// for an agent bot (published only). Server time from Server-Timing. Needs a build first
// (`npm run build`). BENCH_KB_REQUESTS: requests per query kind (default 300).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { createDb, type Db } from "@/db/client";
import { runMigrations } from "@/db/migrate";
import { articles, portalCategories, portals } from "@/db/schema";
import { createAccount, upsertMembership } from "@/lib/accounts/create-account";
import { insertAgentBot } from "@/lib/agent-bots/agent-bots";
import { tokenOf } from "@/lib/auth/access-tokens";
import { createUser } from "@/lib/users/create-user";
import { base, dataDir, measure, openDatabase, printSamples, startServer, stopServer, type Sample } from "./harness";

const ARTICLES = 10_000;
const REQUESTS = Number(process.env.BENCH_KB_REQUESTS ?? 300);

/** A small deterministic generator (mulberry32), so every seed writes the same articles. */
const generator = (seed: number) => {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  /** Skewed towards the start of the list, as words are in real text: a few common, most rare. */
  const pick = <T>(list: readonly T[], skew = 2) => list[Math.floor(list.length * next() ** skew)]!;
  return { next, pick };
};

type Language = {
  locale: string;
  topics: readonly string[];
  nouns: readonly string[];
  adjectives: readonly string[];
  verbs: readonly string[];
  titles: readonly ((topic: string, noun: string) => string)[];
  sentences: readonly ((w: { noun: string; noun2: string; adj: string; verb: string; n: number; topic: string }) => string)[];
  categories: readonly string[];
};

const english: Language = {
  locale: "en",
  topics: [
    "room hire", "the ballroom", "the garden terrace", "meeting rooms", "the projector", "microphones", "the sound system", "stage lighting", "catering",
    "the wedding menu", "dietary requirements", "vegan dishes", "the bar", "coffee breaks", "accessibility", "wheelchair access", "the hearing loop", "parking",
    "electric car charging", "bike storage", "public transport", "the shuttle bus", "the cancellation policy", "refunds", "the deposit", "payment by card",
    "invoices", "Wi-Fi", "live streaming", "check-in", "the cloakroom", "security staff", "first aid", "fire safety", "noise limits", "decorations", "candles",
    "the florist", "photographers", "the dance floor", "hotel rooms", "late checkout", "pets", "children", "cleaning", "setup and teardown", "deliveries",
    "storage", "signage", "name badges", "registration desks", "seating plans", "capacity", "theatre layout", "banquet layout", "classroom layout",
  ],
  nouns: [
    "room", "guest", "event", "booking", "venue", "team", "hall", "table", "chair", "screen", "menu", "drink", "day", "evening", "hour", "price", "deposit",
    "contract", "invoice", "staff", "kitchen", "floor", "door", "entrance", "lift", "stair", "car", "space", "area", "terrace", "garden", "stage", "speaker",
    "cable", "adapter", "laptop", "network", "password", "lunch", "dinner", "breakfast", "buffet", "wine", "cake", "allergy", "chef", "waiter", "manager",
    "coordinator", "schedule", "layout", "plan", "request", "form", "email", "phone", "policy", "fee", "discount", "season", "weekend", "holiday", "permit",
    "license", "insurance", "supplier", "florist", "band", "microphone", "projector", "lighting", "heating", "ventilation", "toilet", "cloakroom", "coat",
    "luggage", "taxi", "train", "station", "airport", "map", "sign", "badge", "desk", "queue", "ticket", "wristband", "balcony", "courtyard", "marquee",
  ],
  adjectives: [
    "large", "small", "private", "quiet", "accessible", "free", "available", "extra", "standard", "optional", "wireless", "outdoor", "indoor", "nearby",
    "secure", "flexible", "full", "partial", "early", "late", "local", "seasonal", "vegetarian", "gluten-free", "step-free", "covered", "heated", "bright",
  ],
  verbs: [
    "book", "reserve", "cancel", "change", "confirm", "pay", "bring", "order", "arrange", "request", "use", "connect", "park", "collect", "deliver", "set up",
    "clear", "check", "contact", "ask", "provide", "include", "offer", "allow", "need", "prefer", "upgrade", "extend", "reduce", "schedule",
  ],
  titles: [
    (t) => `Everything about ${t}`,
    (t, n) => `How to arrange ${t} for your ${n}`,
    (t) => `${t[0]!.toUpperCase()}${t.slice(1)}: frequently asked questions`,
    (t, n) => `Can I change ${t} after booking a ${n}?`,
    (t) => `A guide to ${t}`,
    (t, n) => `${t[0]!.toUpperCase()}${t.slice(1)} and the ${n}`,
  ],
  sentences: [
    (w) => `You can ${w.verb} the ${w.adj} ${w.noun} up to ${w.n} days before your event.`,
    (w) => `Our team will ${w.verb} the ${w.noun} and the ${w.noun2} on the day.`,
    (w) => `Every ${w.noun} includes ${w.adj} ${w.noun2} at no extra cost.`,
    (w) => `Please ${w.verb} your ${w.noun} with the event coordinator at least ${w.n} hours in advance.`,
    (w) => `For ${w.topic}, ask us about the ${w.adj} ${w.noun}.`,
    (w) => `The ${w.noun} holds up to ${w.n * 10} guests and has a ${w.adj} ${w.noun2}.`,
    (w) => `If you need to ${w.verb} the ${w.noun2}, send us an email and we will confirm within ${w.n} hours.`,
    (w) => `A ${w.adj} ${w.noun} is available on request for a small fee.`,
  ],
  categories: ["Rooms and spaces", "Audio and video", "Food and drink", "Accessibility", "Getting here", "Bookings and payments", "On the day", "Policies"],
};

const french: Language = {
  locale: "fr",
  topics: [
    "la location de salle", "la salle de bal", "la terrasse", "les salles de réunion", "le vidéoprojecteur", "les micros", "la sonorisation", "l'éclairage",
    "le traiteur", "le menu de mariage", "les régimes alimentaires", "les plats végétaliens", "le bar", "les pauses café", "l'accessibilité",
    "l'accès en fauteuil roulant", "la boucle magnétique", "le parking", "la recharge des voitures électriques", "le local à vélos", "les transports en commun",
    "la navette", "les conditions d'annulation", "les remboursements", "l'acompte", "le paiement par carte", "les factures", "le Wi-Fi", "la diffusion en direct",
    "l'accueil", "le vestiaire", "la sécurité", "les premiers secours", "la sécurité incendie", "le bruit", "la décoration", "le fleuriste", "les photographes",
    "la piste de danse", "les chambres d'hôtel", "les animaux", "les enfants", "le ménage", "l'installation", "les livraisons", "le stockage", "la capacité",
  ],
  nouns: [
    "salle", "invité", "événement", "réservation", "lieu", "équipe", "table", "chaise", "écran", "menu", "boisson", "journée", "soirée", "heure", "prix",
    "acompte", "contrat", "facture", "personnel", "cuisine", "étage", "porte", "entrée", "ascenseur", "escalier", "voiture", "espace", "terrasse", "jardin",
    "scène", "enceinte", "câble", "adaptateur", "réseau", "mot de passe", "déjeuner", "dîner", "buffet", "vin", "gâteau", "allergie", "chef", "serveur",
    "responsable", "planning", "plan", "demande", "formulaire", "courriel", "téléphone", "politique", "tarif", "remise", "saison", "week-end", "permis",
    "assurance", "fournisseur", "orchestre", "micro", "projecteur", "chauffage", "vestiaire", "manteau", "bagage", "taxi", "train", "gare", "aéroport", "badge",
  ],
  adjectives: ["grande", "petite", "privée", "calme", "accessible", "gratuite", "disponible", "supplémentaire", "optionnelle", "extérieure", "intérieure", "proche", "sécurisée", "couverte"],
  verbs: ["réserver", "annuler", "modifier", "confirmer", "payer", "apporter", "commander", "organiser", "demander", "utiliser", "connecter", "garer", "livrer", "installer", "vérifier", "contacter", "prévoir"],
  titles: [
    (t) => `Tout savoir sur ${t}`,
    (t, n) => `Comment organiser ${t} pour votre ${n}`,
    (t) => `${t[0]!.toUpperCase()}${t.slice(1)} : questions fréquentes`,
    (t) => `Guide : ${t}`,
  ],
  sentences: [
    (w) => `Vous pouvez ${w.verb} la ${w.noun} ${w.adj} jusqu'à ${w.n} jours avant votre événement.`,
    (w) => `Notre équipe va ${w.verb} le ${w.noun} et la ${w.noun2} le jour même.`,
    (w) => `Chaque ${w.noun} comprend une ${w.noun2} ${w.adj} sans frais supplémentaires.`,
    (w) => `Pour ${w.topic}, demandez-nous la ${w.noun} ${w.adj}.`,
    (w) => `La ${w.noun} accueille jusqu'à ${w.n * 10} invités.`,
    (w) => `Merci de ${w.verb} votre ${w.noun} au moins ${w.n} heures à l'avance.`,
  ],
  categories: ["Salles et espaces", "Audio et vidéo", "Restauration", "Accessibilité", "Accès", "Réservations et paiements", "Le jour J", "Conditions"],
};

/** Words each in a handful of articles: what a "rare word" search finds. */
const RARE = [
  "harpsichord", "chandelier", "gazebo", "confetti", "sommelier", "teleprompter", "lectern", "candelabra", "trampoline", "karaoke", "saxophone", "origami",
  "calligraphy", "glockenspiel", "palanquin", "zeppelin", "xylophone", "quesadilla", "tiramisu", "fondue", "bagpipes", "hologram", "periscope", "kaleidoscope",
];

const slugify = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);

type ArticleRow = typeof articles.$inferInsert;

const writeArticle = (language: Language, random: ReturnType<typeof generator>, i: number) => {
  const { pick, next } = random;
  const topic = pick(language.topics, 1.3);
  const title = pick(language.titles, 1)(topic, pick(language.nouns));
  const words = () => ({ noun: pick(language.nouns), noun2: pick(language.nouns), adj: pick(language.adjectives), verb: pick(language.verbs), n: 2 + Math.floor(next() * 20), topic });
  const sentence = () => pick(language.sentences, 1)(words());
  const paragraph = () => Array.from({ length: 2 + Math.floor(next() * 4) }, sentence).join(" ");
  const sections = Array.from({ length: 2 + Math.floor(next() * 4) }, (_, s) => {
    const heading = `## ${pick(language.topics, 1.3).replace(/^./, (c) => c.toUpperCase())}`;
    const list = s % 2 === 1 ? `\n\n${Array.from({ length: 3 }, () => `- **${pick(language.nouns)}**: ${sentence()}`).join("\n")}` : "";
    return `${heading}\n\n${paragraph()}\n\n${paragraph()}${list}`;
  });
  const rare = next() < 0.05 ? ` ${pick(RARE, 1)}` : "";
  return {
    title: `${title}${i % 97 === 0 ? " (updated)" : ""}`,
    description: `${sentence()}${rare}`,
    content: `${paragraph()}\n\n${sections.join("\n\n")}\n\nSee [our venue map](https://example.test/map) for more.`,
    tags: [slugify(topic).split("-").at(-1)!, pick(language.nouns)],
  };
};

type KnowledgeBaseBench = { accountId: number; token: string; botToken: string; articles: number };

/** The account, its two portals, 32 categories and 10,000 articles: seeded once, remembered in .bench-data/kb-seed.json. */
const knowledgeBaseBench = async (db: Db): Promise<KnowledgeBaseBench> => {
  const file = path.join(dataDir, "kb-seed.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as KnowledgeBaseBench;
  const started = performance.now();
  const account = await createAccount(db, { name: "Bench Help Center" });
  const admin = await createUser(db, { name: "Bench Writer", email: `bench-kb-${account.id}@bench.test` });
  await upsertMembership(db, { accountId: account.id, userId: admin.id, role: "administrator" });
  const bot = await insertAgentBot(db, account.id, { name: "Bench Bot" });
  const random = generator(14);
  const portalRows = await db
    .insert(portals)
    .values(
      ["guests", "organisers"].map((name) => ({
        accountId: account.id,
        name: `Bench ${name}`,
        slug: `bench-${name}-${account.id}`,
        config: { allowed_locales: ["en", "fr"], default_locale: "en", draft_locales: [] },
      })),
    )
    .returning();
  const categories = await db
    .insert(portalCategories)
    .values(
      portalRows.flatMap((portal) =>
        [english, french].flatMap((language) =>
          language.categories.map((name, position) => ({ accountId: account.id, portalId: portal.id, name, slug: slugify(name), locale: language.locale, position: (position + 1) * 10 })),
        ),
      ),
    )
    .returning();
  const rows: ArticleRow[] = [];
  for (let i = 0; i < ARTICLES; i++) {
    const language = random.next() < 0.7 ? english : french;
    const portal = portalRows[i % portalRows.length]!;
    const inLocale = categories.filter((c) => c.portalId === portal.id && c.locale === language.locale);
    const category = random.next() < 0.9 ? random.pick(inLocale, 1) : null;
    const written = writeArticle(language, random, i);
    const roll = random.next();
    rows.push({
      accountId: account.id,
      portalId: portal.id,
      categoryId: category?.id ?? null,
      authorId: admin.id,
      title: written.title,
      slug: `${i + 1}-${slugify(written.title)}`,
      content: written.content,
      description: written.description,
      status: roll < 0.9 ? 1 : roll < 0.97 ? 0 : 2,
      locale: language.locale,
      position: (i + 1) * 10,
      meta: { tags: written.tags },
    });
  }
  for (let i = 0; i < rows.length; i += 500) await db.insert(articles).values(rows.slice(i, i + 500));
  await db.execute(sql`vacuum analyze articles`);
  const seeded = { accountId: account.id, token: (await tokenOf(db, "User", admin.id))!, botToken: (await tokenOf(db, "AgentBot", bot.id))!, articles: ARTICLES };
  writeFileSync(file, JSON.stringify(seeded));
  console.log(`Seeded ${ARTICLES} articles in ${Math.round((performance.now() - started) / 1000)} s`);
  return seeded;
};

const QUERIES: [kind: string, queries: string[]][] = [
  ["common word", ["room", "guests", "event", "booking", "table"]],
  ["rare word", RARE.slice(0, 12)],
  ["two words", ["wedding menu", "parking car", "projector screen", "cancel booking", "vegan dinner"]],
  ["typo", ["projecter", "acessibility", "chandelir", "resevation", "wheelchiar"]],
  ["prefix (typing)", ["projec", "wif", "accessib", "cancell", "parki"]],
  ["French", ["annulations", "salle de réunion", "réserver la terrasse", "acompte", "vidéoprojecteur"]],
];

const main = async () => {
  const database = await openDatabase("venuedesk_bench_kb");
  await runMigrations(database.url);
  const db = createDb(database.url, { max: 2 });
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const seeded = await knowledgeBaseBench(db);
    server = await startServer(database.url);
    const search = (token: string, q: string) =>
      fetch(`${base}/api/v1/accounts/${seeded.accountId}/search/articles?${new URLSearchParams({ q })}`, { headers: { api_access_token: token } });
    const probe = await search(seeded.token, "room");
    const found = (await probe.json()) as { payload?: { articles?: unknown[] } };
    if (!probe.ok || !found.payload?.articles?.length) throw new Error(`search answered ${probe.status}: ${JSON.stringify(found).slice(0, 300)}`);
    const scenarios: [string, (i: number) => Promise<Response>][] = [
      ...QUERIES.map(([kind, queries]): [string, (i: number) => Promise<Response>] => [`user: ${kind}`, (i) => search(seeded.token, queries[i % queries.length]!)]),
      ...QUERIES.map(([kind, queries]): [string, (i: number) => Promise<Response>] => [`bot: ${kind}`, (i) => search(seeded.botToken, queries[i % queries.length]!)]),
    ];
    for (const [, send] of scenarios) await measure("warm-up", 1, 30, send);
    const samples: Sample[] = [];
    for (const [name, send] of scenarios) samples.push(await measure(name, 1, REQUESTS, send));
    console.log(`\n${seeded.articles} articles (two portals, en/fr, nine in ten published)`);
    printSamples(samples);
    const worst = samples.reduce((a, b) => (b.server99 > a.server99 ? b : a));
    console.log(`\nslowest server p99: ${worst.server99.toFixed(1)} ms (${worst.name}); target < 50 ms`);
  } finally {
    await stopServer(server);
    await db.$client.end();
    await database.stop();
  }
};

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
