import type { Metadata } from "next";
import { ArticleMarkdown } from "@/components/knowledge-base/article-markdown";
import { ArticleEditor } from "@/components/knowledge-base/help-center-admin/article-editor";
import { statusBadge } from "@/components/knowledge-base/help-center-admin/portal-nav";
import { Notice } from "@/components/settings/notice";
import { Card } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { PageHeader } from "@/components/ui/page-header";
import { articleStatusName } from "@/lib/knowledge-base/article-status";
import { articlePath } from "@/lib/knowledge-base/paths";
import { deleteArticleAction, updateArticleAction } from "@/lib/portal/actions/help-center";
import { pageContext, type SearchParams } from "@/lib/portal/context";
import { canManageKnowledge, helpCenterPath, loadArticle, localeCategories } from "@/lib/portal/loaders/help-center";
import { readNotice } from "@/lib/portal/paths";

export const metadata: Metadata = { title: "Article · Help center · Venuedesk" };

export default async function ArticlePage({
  params,
  searchParams,
}: {
  params: Promise<{ account_id: string; portal_slug: string; id: string }>;
  searchParams: SearchParams;
}) {
  const { account_id, portal_slug, id } = await params;
  const ctx = await pageContext(account_id);
  const { portal, article } = await loadArticle(account_id, portal_slug, id);
  const manager = canManageKnowledge(ctx);
  const status = articleStatusName(article.status);
  const back = { href: `${helpCenterPath(ctx.account.id, portal.slug)}?locale=${article.locale}`, label: portal.name };
  const publicLink =
    status === "published" ? (
      <a href={articlePath(portal.slug, article.slug)} className="text-indigo-700 hover:underline" target="_blank" rel="noreferrer">
        View on the help center
      </a>
    ) : null;

  if (!manager) {
    return (
      <>
        <PageHeader title={article.title} description={article.description ?? undefined} back={back} actions={statusBadge(status)} />
        <Card>
          <div className="space-y-4">
            <ArticleMarkdown source={article.content} />
            {publicLink}
          </div>
        </Card>
      </>
    );
  }

  const categories = await localeCategories(ctx, portal, article.locale);
  return (
    <>
      <PageHeader
        title={article.title}
        description={
          <>
            {portal.name} · {article.locale} · {status}
            {publicLink ? <> · {publicLink}</> : null}
          </>
        }
        back={back}
        actions={
          <ConfirmButton
            action={deleteArticleAction.bind(null, ctx.account.id, portal.slug, article.id)}
            label="Delete"
            ariaLabel="Delete article"
            title={`Delete “${article.title}”?`}
            description="It leaves the help center at once, and its translations are unlinked. This cannot be undone."
            confirmLabel="Delete article"
            pendingLabel="Deleting…"
          />
        }
      />
      <Notice notice={readNotice((await searchParams).notice)} noun="Article" />
      <ArticleEditor
        action={updateArticleAction.bind(null, ctx.account.id, portal.slug, article.id)}
        article={{
          title: article.title,
          description: article.description,
          categoryId: article.categoryId,
          status,
          content: article.content,
          locale: article.locale,
          meta: article.meta,
        }}
        categories={categories.map((category) => ({ value: String(category.id), label: category.name }))}
        locales={portal.config.allowed_locales}
        submitLabel="Save article"
      />
    </>
  );
}
