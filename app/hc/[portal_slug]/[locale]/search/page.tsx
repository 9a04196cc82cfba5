import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { HelpCenterShell } from "@/components/knowledge-base/help-center-shell";
import { HelpSearch, Snippet } from "@/components/knowledge-base/help-search";
import { findPublicPortal, isPortalLocale, searchPublicArticles } from "@/lib/knowledge-base/public";
import { firstParam } from "@/lib/portal/context";

type Props = { params: Promise<{ portal_slug: string; locale: string }>; searchParams: Promise<{ query?: string | string[]; page?: string }> };

const textOf = (value: string | string[] | undefined) => firstParam(value)?.slice(0, 255) ?? "";

export const metadata: Metadata = { title: "Search", robots: { index: false, follow: true } };

/** GET /hc/{portal_slug}/{locale}/search?query=…: the help center's search, rendered on the server. */
export default async function HelpCenterSearch({ params, searchParams }: Props) {
  const { portal_slug, locale } = await params;
  const portal = await findPublicPortal(portal_slug);
  if (!portal || !isPortalLocale(portal, locale)) notFound();
  const { query: raw, page: rawPage } = await searchParams;
  const query = textOf(raw).trim();
  const page = Math.min(Math.max(1, Number.parseInt(textOf(rawPage), 10) || 1), 1000);
  const found = query ? await searchPublicArticles(portal, locale, { query, page }) : null;
  return (
    <HelpCenterShell portal={portal} locale={locale} hero={<HelpSearch portalSlug={portal.slug} locale={locale} initialQuery={query} />}>
      <h1 className="text-xl font-semibold">{query ? `Results for “${query}”` : "Search the help center"}</h1>
      {found && found.articles.length === 0 ? <p className="mt-4 text-slate-600">No articles match. Try other words.</p> : null}
      <ol className="mt-4 space-y-2">
        {found?.articles.map((article) => (
          <li key={article.id}>
            <Link href={article.url} className="block rounded-md px-3 py-3 hover:bg-slate-50">
              <span className="font-medium text-slate-900">{article.title}</span>
              {article.category ? <span className="ml-2 text-xs text-slate-500">{article.category.name}</span> : null}
              <span className="mt-1 block text-sm text-slate-600">
                <Snippet html={article.snippet} />
              </span>
            </Link>
          </li>
        ))}
      </ol>
      {found && (page > 1 || found.hasMore) ? (
        <nav aria-label="Pages" className="mt-6 flex gap-3 text-sm">
          {page > 1 ? (
            <Link href={`/hc/${portal.slug}/${locale}/search?query=${encodeURIComponent(query)}&page=${page - 1}`} className="font-medium text-blue-700 hover:underline">
              Previous
            </Link>
          ) : null}
          {found.hasMore ? (
            <Link href={`/hc/${portal.slug}/${locale}/search?query=${encodeURIComponent(query)}&page=${page + 1}`} className="font-medium text-blue-700 hover:underline">
              Next
            </Link>
          ) : null}
        </nav>
      ) : null}
    </HelpCenterShell>
  );
}
