import { and, eq } from "drizzle-orm";
import { inboxes } from "@/db/schema";
import type { AccountCtx } from "@/lib/auth/caller";
import { parseInput } from "@/lib/http/validation";
import { ZUpdateInbox } from "@/lib/inboxes/schemas";
import { updateInbox } from "@/lib/inboxes/inboxes";
import { createArticle } from "@/lib/knowledge-base/articles";
import { ZArticleCreate } from "@/lib/knowledge-base/article-schemas";
import { createCategory } from "@/lib/knowledge-base/categories";
import { ZCategoryInput } from "@/lib/knowledge-base/category-schemas";
import { addGalleryImages } from "@/lib/knowledge-base/galleries";
import { ZGalleryImagesInput } from "@/lib/knowledge-base/gallery-schemas";
import { createPortal } from "@/lib/knowledge-base/portals";
import { ZPortalInput } from "@/lib/knowledge-base/portal-schemas";
import { createSpaceGallery } from "@/lib/knowledge-base/space-gallery";
import { ZUpdateSpace } from "@/lib/planning/spaces/schemas";
import { updateSpace } from "@/lib/planning/spaces/spaces";
import { gradientPng } from "@/lib/format/png";

/*
 * The demo's help center: the venue's portal in English and French (getting here, the Grand
 * Hall's facts, booking and payment), one draft the public never sees, the Grand Hall showing
 * its facts and a small gallery on its quotes, and the website chat inbox linked to the portal
 * so agents can insert articles. Everything through the same services as the API.
 */

const article = (title: string, description: string, content: string, extra: Record<string, unknown> = {}) => ({ title, description, content, status: "published", ...extra });

export const seedDemoKnowledge = async (ctx: AccountCtx, spaces: { grandHall: string }) => {
  const portal = await createPortal(
    ctx,
    parseInput(ZPortalInput, {
      name: "Canal House Help Center",
      slug: "canal-house",
      color: "#0f4c5c",
      header_text: "How can we help with your event?",
      page_title: "Canal House · Help",
      config: { allowed_locales: ["en", "fr"], default_locale: "en" },
    }),
  );
  const category = async (input: Record<string, unknown>) => (await createCategory(ctx, portal.slug, parseInput(ZCategoryInput, input))).category.id;
  const write = (input: Record<string, unknown>) => createArticle(ctx, portal.slug, parseInput(ZArticleCreate, input));

  const gettingHere = await category({ name: "Getting here", icon: "🚲", description: "Parking, public transport and deliveries." });
  const hallFacts = await category({ name: "Grand Hall facts", icon: "🏛️", description: "Capacity, AV, accessibility and house rules." });
  const booking = await category({ name: "Booking and payment", icon: "🧾", description: "Holds, deposits, cancellations and invoices." });
  const acces = await category({ name: "Accès", locale: "fr", icon: "🚲", description: "Parking et transports en commun." });

  const parking = await write(
    article(
      "Parking and deliveries",
      "Where guests park and where suppliers unload.",
      "## Guests\nThe **Q-Park Canal** garage is a 4-minute walk; we validate tickets for up to 4 hours.\n\n## Suppliers\nUnload at the rear gate on the Lijnbaan between 07:00 and 11:00. Vans up to 3.5 t.\n\n| Vehicle | Where |\n| - | - |\n| Guest cars | Q-Park Canal |\n| Vans | Rear gate |",
      { category_id: gettingHere, meta: { tags: ["car", "garage", "loading"] } },
    ),
  );
  await write(
    article("Public transport", "Trams and trains to the venue.", "Trams 2 and 12 stop at *Canal House* (1 minute). The central station is 12 minutes on foot.", {
      category_id: gettingHere,
    }),
  );
  await write(
    article(
      "Stationnement et livraisons",
      "Où se garer et où décharger.",
      "Le parking **Q-Park Canal** est à 4 minutes à pied ; nous validons les tickets jusqu'à 4 heures.",
      { category_id: acces, associated_article_id: parking.article.id },
    ),
  );
  await write(
    article(
      "Capacity and layouts",
      "How many guests the Grand Hall seats in each layout.",
      "- Theatre: 320\n- Banquet: 240\n- Classroom: 180\n- Cocktail: 400\n\nThe hall divides into **Hall A** and **Hall B** with a soundproof wall.",
      { category_id: hallFacts },
    ),
  );
  await write(
    article(
      "AV and stage",
      "Projectors, microphones and the stage.",
      "Two 10,000-lumen laser projectors, four wireless microphones and a 6 × 4 m stage are included. A technician is on site for every event.",
      { category_id: hallFacts, meta: { tags: ["projector", "microphone", "sound"] } },
    ),
  );
  await write(
    article(
      "Accessibility",
      "Step-free access, hearing loop and facilities.",
      "Step-free entrance from the canal side, a lift to every floor, an induction loop in the Grand Hall and two accessible toilets on the ground floor.",
      { category_id: hallFacts },
    ),
  );
  await write(
    article("House rules", "Music, decorations and closing time.", "Music stops at **01:00**. No confetti or open flames; candles in holders are fine.", {
      category_id: hallFacts,
    }),
  );
  await write(
    article(
      "Deposits and payment",
      "What we ask when you confirm, and when the rest is due.",
      "We ask a **30% deposit** when you accept your quote; the rest is due 14 days before the event.",
      { category_id: booking, meta: { tags: ["invoice", "deposit"] } },
    ),
  );
  await write(
    article(
      "Cancellation policy",
      "What a cancellation costs, by how far ahead.",
      "More than 90 days ahead: the deposit is refunded. 30 to 90 days: the deposit is kept. Less than 30 days: 75% of the quote is due.",
      { category_id: booking },
    ),
  );
  // Still being written: never on the public pages, in search for bots or for customers.
  await write({ title: "Wedding packages 2028", content: "Draft: prices to be confirmed.", category_id: booking });

  await updateSpace(ctx, spaces.grandHall, parseInput(ZUpdateSpace, { knowledgebase_id: hallFacts }));
  const gallery = await createSpaceGallery(ctx, spaces.grandHall);
  const photo = (name: string, from: [number, number, number], to: [number, number, number]) =>
    new File([new Uint8Array(gradientPng(from, to))], name, { type: "image/png" });
  await addGalleryImages(ctx, gallery.id, parseInput(ZGalleryImagesInput, { attachments: [photo("gala.png", [15, 76, 92], [236, 201, 75])], caption: "Gala dinner for 240" }));
  await addGalleryImages(ctx, gallery.id, parseInput(ZGalleryImagesInput, { attachments: [photo("theatre.png", [30, 41, 59], [148, 163, 184])], caption: "Theatre set-up for 320" }));

  const [chat] = await ctx.db
    .select({ id: inboxes.id })
    .from(inboxes)
    .where(and(eq(inboxes.accountId, ctx.account.id), eq(inboxes.channelType, "Channel::WebWidget")));
  if (chat) await updateInbox(ctx, chat.id, parseInput(ZUpdateInbox, { portal_id: portal.id }));
  return { portalSlug: portal.slug };
};
