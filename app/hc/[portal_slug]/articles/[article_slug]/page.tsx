import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { ArticleMarkdown } from "@/components/knowledge-base/article-markdown";
import { HelpCenterShell } from "@/components/knowledge-base/help-center-shell";
import { findPublicPortal, publicArticle, recordArticleView } from "@/lib/knowledge-base/public";
import { helpCenterUrl } from "@/lib/knowledge-base/public-urls";

type Params = { params: Promise<{ portal_slug: string; article_slug: string }> };

/** One lookup per request, shared by the metadata and the page. */
const load = cache(async (portalSlug: string, articleSlug: string) => {
  const portal = await findPublicPortal(portalSlug);
  if (!portal) return null;
  const found = await publicArticle(portal, articleSlug);
  return found ? { portal, ...found } : null;
});

const fromParams = async ({ params }: Params) => {
  const { portal_slug, article_slug } = await params;
  return load(portal_slug, article_slug);
};

export const generateMetadata = async (props: Params): Promise<Metadata> => {
  const found = await fromParams(props);
  if (!found) return { title: "Not found" };
  const { portal, article, translations } = found;
  const title = article.meta.title || article.title;
  const description = article.meta.description || article.description || undefined;
  const path = (slug: string) => helpCenterUrl(`/hc/${portal.slug}/articles/${slug}`);
  return {
    title: `${title} · ${portal.pageTitle ?? portal.name}`,
    description,
    keywords: article.meta.tags,
    alternates: {
      canonical: path(article.slug),
      languages: Object.fromEntries(translations.map((translation) => [translation.locale.replace("_", "-"), path(translation.slug)])),
    },
    openGraph: { title, description, type: "article", url: path(article.slug) },
  };
};

const dateIn = (date: Date, locale: string) => {
  try {
    return new Intl.DateTimeFormat(locale.replace("_", "-"), { dateStyle: "long", timeZone: "UTC" }).format(date);
  } catch {
    return date.toISOString().slice(0, 10);
  }
};

/** GET /hc/{portal_slug}/articles/{article_slug}: a published article; each view is counted. */
export default async function HelpCenterArticle(props: Params) {
  const found = await fromParams(props);
  if (!found) notFound();
  const { portal, article, category, author, translations } = found;
  await recordArticleView(article.id);
  const locale = article.locale;
  return (
    <HelpCenterShell
      portal={portal}
      locale={locale}
      localeLinks={translations.map((translation) => ({ locale: translation.locale, href: `/hc/${portal.slug}/articles/${translation.slug}` }))}
    >
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
        <Link href={`/hc/${portal.slug}/${locale}`} className="hover:underline">
          {portal.name}
        </Link>
        {category ? (
          <>
            <span aria-hidden> / </span>
            <Link href={`/hc/${portal.slug}/${category.locale}/categories/${category.slug}`} className="hover:underline">
              {category.name}
            </Link>
          </>
        ) : null}
      </nav>
      <article className="mt-3">
        <h1 className="text-2xl font-semibold sm:text-3xl">{article.title}</h1>
        {article.description ? <p className="mt-2 text-slate-600">{article.description}</p> : null}
        <p className="mt-2 text-xs text-slate-500">
          {author ? `${author} · ` : ""}Updated {dateIn(article.updatedAt, locale)}
        </p>
        <ArticleMarkdown source={article.content} className="mt-6 text-base leading-7" />
      </article>
    </HelpCenterShell>
  );
}
