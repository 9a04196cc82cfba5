import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { ArticleLink, HelpCenterShell } from "@/components/knowledge-base/help-center-shell";
import { findPublicPortal, isPortalLocale, publicCategory } from "@/lib/knowledge-base/public";
import { helpCenterUrl } from "@/lib/knowledge-base/public-urls";

type Params = { params: Promise<{ portal_slug: string; locale: string; category_slug: string }> };

/** One lookup per request, shared by the metadata and the page. */
const find = cache(async (portalSlug: string, locale: string, categorySlug: string) => {
  const portal = await findPublicPortal(portalSlug);
  if (!portal || !isPortalLocale(portal, locale)) return null;
  const found = await publicCategory(portal, locale, categorySlug);
  return found ? { portal, locale, ...found } : null;
});

const load = async ({ params }: Params) => {
  const { portal_slug, locale, category_slug } = await params;
  return find(portal_slug, locale, category_slug);
};

export const generateMetadata = async (props: Params): Promise<Metadata> => {
  const found = await load(props);
  if (!found) return { title: "Not found" };
  const { portal, locale, category } = found;
  return {
    title: `${category.name} · ${portal.pageTitle ?? portal.name}`,
    description: category.description ?? undefined,
    alternates: { canonical: helpCenterUrl(`/hc/${portal.slug}/${locale}/categories/${category.slug}`) },
  };
};

/** GET /hc/{portal_slug}/{locale}/categories/{category_slug}: the category's published articles in order. */
export default async function HelpCenterCategory(props: Params) {
  const found = await load(props);
  if (!found) notFound();
  const { portal, locale, category, articles } = found;
  return (
    <HelpCenterShell portal={portal} locale={locale}>
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
        <Link href={`/hc/${portal.slug}/${locale}`} className="hover:underline">
          {portal.name}
        </Link>
        <span aria-hidden> / </span>
        <span>{category.name}</span>
      </nav>
      <h1 className="mt-3 flex items-center gap-2 text-2xl font-semibold">
        {category.icon ? <span aria-hidden>{category.icon}</span> : null}
        {category.name}
      </h1>
      {category.description ? <p className="mt-1 text-slate-600">{category.description}</p> : null}
      {articles.length === 0 ? <p className="mt-6 text-slate-600">No articles here yet.</p> : null}
      <ul className="mt-4 divide-y divide-slate-100">
        {articles.map((article) => (
          <li key={article.id}>
            <ArticleLink portal={portal} article={article} />
          </li>
        ))}
      </ul>
    </HelpCenterShell>
  );
}
