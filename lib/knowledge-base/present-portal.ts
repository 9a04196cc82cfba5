import type { AccountCtx } from "@/lib/auth/caller";
import { presentInbox } from "@/lib/inboxes/present";
import type { InboxWithHelpCenter } from "@/lib/inboxes/summary";
import type { Category, Portal } from "./lookup";
import { portalLogoUrl } from "./logo";
import type { ArticleCounts, PortalCounts } from "./portals";

/*
 * Chatwoot's help-center JSON (api/v1/accounts/portals/_portal and categories/_category
 * jbuilder views). Blocks that are absent when empty in Chatwoot (`inbox`, `logo`,
 * `related_categories`, `parent_category`, `root_category`) are omitted here too, not null.
 */

export type PortalView = { counts: PortalCounts; inbox: InboxWithHelpCenter | null; articles?: ArticleCounts };

const presentLogo = (portal: Portal) => {
  const url = portalLogoUrl(portal);
  if (!url) return undefined;
  return {
    id: portal.id,
    portal_id: portal.id,
    file_type: portal.logoContentType ?? "application/octet-stream",
    account_id: portal.accountId,
    file_url: url,
    blob_id: null,
    filename: portal.logoFileName ?? "logo",
  };
};

/**
 * The show action counts the portal's articles (one locale when asked); index, create and update
 * render Chatwoot's view with no articles, which gives 0 and nulls.
 */
const presentMeta = (portal: Portal, view: PortalView) => {
  const articles = view.articles;
  return {
    all_articles_count: articles?.all ?? 0,
    archived_articles_count: articles ? articles.byStatus.archived : null,
    published_count: articles ? articles.byStatus.published : null,
    draft_articles_count: articles ? articles.byStatus.draft : null,
    ...(articles && articles.all > 0 ? { mine_articles_count: articles.mine } : {}),
    categories_count: view.counts.categories,
    default_locale: portal.config.default_locale,
  };
};

export const presentPortal = (ctx: AccountCtx, portal: Portal, view: PortalView) => {
  const logo = presentLogo(portal);
  return {
    id: portal.id,
    color: portal.color || "#1f93ff",
    custom_domain: portal.customDomain,
    header_text: portal.headerText,
    homepage_link: portal.homepageLink,
    name: portal.name,
    page_title: portal.pageTitle,
    slug: portal.slug,
    archived: portal.archived,
    account_id: portal.accountId,
    config: {
      allowed_locales: portal.config.allowed_locales.map((code) => {
        const counts = view.counts.locales.get(code);
        return {
          code,
          articles_count: counts?.articles ?? 0,
          categories_count: counts?.categories ?? 0,
          draft: portal.config.draft_locales.includes(code),
        };
      }),
      default_locale: portal.config.default_locale,
    },
    ...(view.inbox ? { inbox: presentInbox(ctx, view.inbox) } : {}),
    ...(logo ? { logo } : {}),
    meta: presentMeta(portal, view),
  };
};

/** The list is not paged (an account has few portals); `page` is only echoed, as Chatwoot does. */
export const presentPortalList = (ctx: AccountCtx, list: { portal: Portal; view: PortalView }[], page = 1) => ({
  payload: list.map(({ portal, view }) => presentPortal(ctx, portal, view)),
  meta: { current_page: page, portals_count: list.length },
});

// ---------------------------------------------------------------------------------------------

/** Chatwoot's `associated_category` partial: a category named from another. */
const presentAssociatedCategory = (category: Category) => ({
  id: category.id,
  name: category.name,
  slug: category.slug,
  locale: category.locale,
  description: category.description,
  position: category.position,
  account_id: category.accountId,
});

export type CategoryView = { related: Category[]; parent: Category | null; root: Category | null; articlesCount: number };

const categoryJson = (category: Category, view: CategoryView) => ({
  ...presentAssociatedCategory(category),
  icon: category.icon,
  ...(view.related.length > 0 ? { related_categories: view.related.map(presentAssociatedCategory) } : {}),
  ...(view.parent ? { parent_category: presentAssociatedCategory(view.parent) } : {}),
  ...(view.root ? { root_category: presentAssociatedCategory(view.root) } : {}),
  meta: { articles_count: view.articlesCount },
});

export const presentCategory = ({ category, view }: { category: Category; view: CategoryView }) => ({ payload: categoryJson(category, view) });

/** `categories_count` is the size of this page, as Chatwoot's. */
export const presentCategoryList = ({ rows, page, views }: { rows: readonly Category[]; page: number; views: Map<number, CategoryView> }) => ({
  payload: rows.map((row) => categoryJson(row, views.get(row.id)!)),
  meta: { current_page: page, categories_count: rows.length },
});
