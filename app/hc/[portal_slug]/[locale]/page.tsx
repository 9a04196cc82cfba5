import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { ArticleLink, HelpCenterShell } from "@/components/knowledge-base/help-center-shell";
import { HelpSearch } from "@/components/knowledge-base/help-search";
import { findPublicPortal, isPortalLocale, publicHome } from "@/lib/knowledge-base/public";
import { helpCenterUrl } from "@/lib/knowledge-base/public-urls";

type Params = { params: Promise<{ portal_slug: string; locale: string }> };

/** One lookup per request, shared by the metadata and the page. */
const find = cache(async (portalSlug: string, locale: string) => {
  const portal = await findPublicPortal(portalSlug);
  return portal && isPortalLocale(portal, locale) ? { portal, locale } : null;
});

const load = async ({ params }: Params) => {
  const { portal_slug, locale } = await params;
  return find(portal_slug, locale);
};

export const generateMetadata = async (props: Params): Promise<Metadata> => {
  const found = await load(props);
  if (!found) return { title: "Not found" };
  const { portal, locale } = found;
  return {
    title: portal.pageTitle ?? portal.name,
    description: portal.headerText ?? undefined,
    alternates: { canonical: helpCenterUrl(`/hc/${portal.slug}/${locale}`) },
  };
};

/** GET /hc/{portal_slug}/{locale}: the categories of the locale, each with its articles. */
export default async function HelpCenterHome(props: Params) {
  const found = await load(props);
  if (!found) notFound();
  const { portal, locale } = found;
  const { categories, uncategorized } = await publicHome(portal, locale);
  const filled = categories.filter((entry) => entry.articles.length > 0);
  return (
    <HelpCenterShell
      portal={portal}
      locale={locale}
      hero={
        <div className="space-y-4">
          <h1 className="text-2xl font-semibold sm:text-3xl">{portal.headerText ?? "How can we help?"}</h1>
          <HelpSearch portalSlug={portal.slug} locale={locale} />
        </div>
      }
    >
      {filled.length === 0 && uncategorized.length === 0 ? <p className="text-slate-600">Nothing is published here yet.</p> : null}
      <div className="grid gap-6 sm:grid-cols-2">
        {filled.map(({ category, articles }) => (
          <section key={category.id} aria-labelledby={`category-${category.id}`} className="rounded-lg border border-slate-200 p-4">
            <h2 id={`category-${category.id}`} className="flex items-center gap-2 px-3 text-lg font-semibold">
              {category.icon ? <span aria-hidden>{category.icon}</span> : null}
              <Link href={`/hc/${portal.slug}/${locale}/categories/${category.slug}`} className="hover:underline">
                {category.name}
              </Link>
            </h2>
            {category.description ? <p className="px-3 pt-1 text-sm text-slate-600">{category.description}</p> : null}
            <ul className="mt-2">
              {articles.slice(0, 5).map((article) => (
                <li key={article.id}>
                  <ArticleLink portal={portal} article={article} />
                </li>
              ))}
            </ul>
            {articles.length > 5 ? (
              <Link href={`/hc/${portal.slug}/${locale}/categories/${category.slug}`} className="block px-3 pt-2 text-sm font-medium text-blue-700 hover:underline">
                All {articles.length} articles
              </Link>
            ) : null}
          </section>
        ))}
      </div>
      {uncategorized.length > 0 ? (
        <section aria-labelledby="more-articles" className="mt-8">
          <h2 id="more-articles" className="px-3 text-lg font-semibold">
            More articles
          </h2>
          <ul className="mt-2">
            {uncategorized.map((article) => (
              <li key={article.id}>
                <ArticleLink portal={portal} article={article} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </HelpCenterShell>
  );
}
