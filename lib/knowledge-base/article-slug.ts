/*
 * An article's slug when none is given, as Chatwoot makes it: `<unix seconds>-<title as words>`
 * (`1713260000-reset-your-password`). Unlike Chatwoot's `parameterize`, underscores become
 * hyphens too, so a generated slug always has the format a given one must have.
 */

/** What a given article slug must look like: lowercase words of letters and digits joined by single hyphens. */
export const articleSlugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const maxWordsLength = 80;

/** Lowercase ASCII words joined by hyphens: accents folded away, anything else a separator. */
export const slugify = (text: string, maxLength = maxWordsLength) =>
  text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+/, "")
    .slice(0, maxLength)
    .replace(/-+$/, "");

/** The slug Chatwoot generates for a title at `now`; a title with no letters or digits gives the seconds alone. */
export const generateArticleSlug = (title: string, now: Date) => {
  const seconds = Math.floor(now.getTime() / 1000);
  const words = slugify(title);
  return words ? `${seconds}-${words}` : String(seconds);
};

/** The n-th candidate for a generated slug that is taken: the slug itself, then `-2`, `-3`… */
export const slugCandidate = (slug: string, attempt: number) => (attempt <= 1 ? slug : `${slug}-${attempt}`);
