import type { Metadata } from "next";
import Link from "next/link";
import { CategoryOrder } from "@/components/knowledge-base/help-center-admin/category-order";
import { LocaleSwitch, StatusTabs, statusBadge } from "@/components/knowledge-base/help-center-admin/portal-nav";
import { CreateCategoryForm, PortalLogoForm, PortalSettingsForm } from "@/components/knowledge-base/help-center-admin/portal-forms";
import { Notice } from "@/components/settings/notice";
import { Badge } from "@/components/ui/badge";
import { Button, ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { PlusIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { Select } from "@/components/ui/select";
import { TBody, TD, TH, THead, TR, Table } from "@/components/ui/table";
import { articlesPerPage } from "@/lib/knowledge-base/article-schemas";
import { signedLogoPath } from "@/lib/knowledge-base/logo";
import {
  createCategoryAction,
  deleteCategoryAction,
  removePortalLogoAction,
  reorderCategoriesAction,
  updateCategoryAction,
  updatePortalAction,
  uploadPortalLogoAction,
} from "@/lib/portal/actions/help-center";
import { firstParam, pageContext, type SearchParams } from "@/lib/portal/context";
import {
  articleTabs,
  canManageKnowledge,
  helpCenterPath,
  loadPortal,
  localeArticles,
  localeCategories,
  pickLocale,
  type ArticleTab,
} from "@/lib/portal/loaders/help-center";
import { readNotice } from "@/lib/portal/paths";

export const metadata: Metadata = { title: "Portal · Help center · Venuedesk" };

export default async function PortalPage({ params, searchParams }: { params: Promise<{ account_id: string; portal_slug: string }>; searchParams: SearchParams }) {
  const { account_id, portal_slug } = await params;
  const query = await searchParams;
  const ctx = await pageContext(account_id);
  const portal = await loadPortal(account_id, portal_slug);
  const manager = canManageKnowledge(ctx);
  const locale = pickLocale(portal, firstParam(query.locale));
  const tab = articleTabs.find((name) => name === firstParam(query.status)) ?? "all";
  const category = firstParam(query.category) || undefined;
  const [categories, articles] = await Promise.all([
    localeCategories(ctx, portal, locale),
    localeArticles(ctx, portal, { locale, tab, category, page: firstParam(query.page) }),
  ]);
  const here = helpCenterPath(ctx.account.id, portal.slug);
  const names = new Map(categories.map((row) => [row.id, row.name]));
  const link = (change: { tab?: ArticleTab; page?: number }) => {
    const search = new URLSearchParams({ locale });
    const status = change.tab ?? tab;
    if (status !== "all") search.set("status", status);
    if (category) search.set("category", category);
    if (change.page && change.page > 1) search.set("page", String(change.page));
    return `${here}?${search}`;
  };

  return (
    <>
      <PageHeader
        title={portal.name}
        description={
          <>
            Public page:{" "}
            <a href={`/hc/${portal.slug}/${locale}`} className="text-indigo-700 hover:underline" target="_blank" rel="noreferrer">
              /hc/{portal.slug}/{locale}
            </a>
            {portal.archived ? " · archived" : null}
          </>
        }
        back={{ href: helpCenterPath(ctx.account.id), label: "Help center" }}
        actions={
          manager ? (
            <ButtonLink href={`${helpCenterPath(ctx.account.id, portal.slug, "articles", "new")}?locale=${locale}`}>
              <PlusIcon className="size-4" />
              New article
            </ButtonLink>
          ) : undefined
        }
      />
      <Notice notice={readNotice(query.notice)} noun="Article" />
      <div className="space-y-6">
        <LocaleSwitch locales={portal.config.allowed_locales} current={locale} hrefOf={(code) => `${here}?locale=${code}`} defaultLocale={portal.config.default_locale} />

        <Card title="Articles">
          <div className="space-y-4">
            <StatusTabs
              current={tab}
              tabs={articleTabs.map((name) => ({ name, count: articles.counts[name], href: link({ tab: name }) }))}
            />
            <form method="get" action={here} className="flex flex-wrap items-end gap-2">
              <input type="hidden" name="locale" value={locale} />
              {tab !== "all" ? <input type="hidden" name="status" value={tab} /> : null}
              <Select
                label="Category"
                name="category"
                defaultValue={category ?? ""}
                options={[{ value: "", label: "All categories" }, ...categories.map((row) => ({ value: row.slug, label: row.name }))]}
                className="min-w-0 flex-1 sm:max-w-xs"
              />
              <Button type="submit" variant="secondary">
                Filter
              </Button>
            </form>
            {articles.rows.length === 0 ? (
              <p className="text-sm text-slate-600">No articles here yet.</p>
            ) : (
              <Table label="Articles" stacked>
                <THead>
                  <TR>
                    <TH>Title</TH>
                    <TH>Category</TH>
                    <TH>Status</TH>
                  </TR>
                </THead>
                <TBody>
                  {articles.rows.map((article) => (
                    <TR key={article.id}>
                      <TD label="Title">
                        <Link
                          href={helpCenterPath(ctx.account.id, portal.slug, "articles", article.id)}
                          className="rounded font-medium break-words text-slate-900 hover:text-indigo-700 hover:underline"
                        >
                          {article.title}
                        </Link>
                      </TD>
                      <TD label="Category">{article.categoryId === null ? <span className="text-slate-400">—</span> : (names.get(article.categoryId) ?? "—")}</TD>
                      <TD label="Status">{statusBadge(article.status)}</TD>
                    </TR>
                  ))}
                </TBody>
              </Table>
            )}
            {articles.page > 1 || articles.rows.length === articlesPerPage ? (
              <nav aria-label="Pages" className="flex justify-between text-sm">
                {articles.page > 1 ? <Link href={link({ page: articles.page - 1 })}>← Previous page</Link> : <span />}
                {articles.rows.length === articlesPerPage ? <Link href={link({ page: articles.page + 1 })}>Next page →</Link> : null}
              </nav>
            ) : null}
          </div>
        </Card>

        <Card
          title="Categories"
          description={manager ? "In the order readers see them. Drag a row by its handle (or focus it, press Space, move with the arrows, press Space), or use the arrows." : "In the order readers see them."}
        >
          <div className="space-y-6">
            <CategoryOrder
              label={`Categories (${locale})`}
              categories={
                manager
                  ? categories.map((row) => ({
                      ...row,
                      update: updateCategoryAction.bind(null, ctx.account.id, portal.slug, row.id),
                      remove: deleteCategoryAction.bind(null, ctx.account.id, portal.slug, row.id),
                    }))
                  : categories
              }
              reorder={manager ? reorderCategoriesAction.bind(null, ctx.account.id, portal.slug) : undefined}
            />
            {manager ? <CreateCategoryForm key={locale} action={createCategoryAction.bind(null, ctx.account.id, portal.slug)} locale={locale} /> : null}
          </div>
        </Card>

        {manager ? (
          <Card title="Portal settings">
            <div className="mb-6 space-y-3 border-b border-slate-100 pb-6">
              <PortalLogoForm
                upload={uploadPortalLogoAction.bind(null, ctx.account.id, portal.slug)}
                logoUrl={portal.logoStorageKey ? signedLogoPath(portal.id) : null}
              />
              {portal.logoStorageKey ? (
                <ConfirmButton
                  action={removePortalLogoAction.bind(null, ctx.account.id, portal.slug)}
                  label="Remove logo"
                  title="Remove the logo?"
                  description="The public help center shows the portal's name alone."
                  confirmLabel="Remove"
                  pendingLabel="Removing…"
                />
              ) : null}
            </div>
            <PortalSettingsForm
              action={updatePortalAction.bind(null, ctx.account.id, portal.slug)}
              portal={{
                name: portal.name,
                headerText: portal.headerText,
                color: portal.color,
                homepageLink: portal.homepageLink,
                allowedLocales: portal.config.allowed_locales,
                defaultLocale: portal.config.default_locale,
                archived: portal.archived,
              }}
            />
          </Card>
        ) : (
          <p className="text-sm text-slate-600">
            <Badge>Read only</Badge> Knowledge-base managers write this portal&apos;s articles.
          </p>
        )}
      </div>
    </>
  );
}
