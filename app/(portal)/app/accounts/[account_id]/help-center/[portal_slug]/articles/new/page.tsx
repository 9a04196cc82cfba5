import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ArticleEditor } from "@/components/knowledge-base/help-center-admin/article-editor";
import { PageHeader } from "@/components/ui/page-header";
import { createArticleAction } from "@/lib/portal/actions/help-center";
import { firstParam, pageContext, type SearchParams } from "@/lib/portal/context";
import { canManageKnowledge, helpCenterPath, loadPortal, localeCategories, pickLocale } from "@/lib/portal/loaders/help-center";

export const metadata: Metadata = { title: "New article · Help center · Venuedesk" };

export default async function NewArticlePage({ params, searchParams }: { params: Promise<{ account_id: string; portal_slug: string }>; searchParams: SearchParams }) {
  const { account_id, portal_slug } = await params;
  const ctx = await pageContext(account_id);
  const portal = await loadPortal(account_id, portal_slug);
  // Only knowledge-base managers write articles: for anyone else there is no such page.
  if (!canManageKnowledge(ctx)) notFound();
  const locale = pickLocale(portal, firstParam((await searchParams).locale));
  const categories = await localeCategories(ctx, portal, locale);

  return (
    <>
      <PageHeader
        title="New article"
        description={`${portal.name} · ${locale}`}
        back={{ href: `${helpCenterPath(ctx.account.id, portal.slug)}?locale=${locale}`, label: portal.name }}
      />
      <ArticleEditor
        action={createArticleAction.bind(null, ctx.account.id, portal.slug)}
        article={{ title: "", description: null, categoryId: null, status: "draft", content: "", locale, meta: {} }}
        categories={categories.map((category) => ({ value: String(category.id), label: category.name }))}
        locales={portal.config.allowed_locales}
        submitLabel="Create article"
      />
    </>
  );
}
