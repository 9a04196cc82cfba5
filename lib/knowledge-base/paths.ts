/** The public help center page of an article (Chatwoot's `/hc/{portal_slug}/articles/{article_slug}`). */
export const articlePath = (portalSlug: string, articleSlug: string) =>
  `/hc/${encodeURIComponent(portalSlug)}/articles/${encodeURIComponent(articleSlug)}`;
