import { slugify } from "./slugs";

/*
 * An article's slug when none is given, as Chatwoot makes it: `<unix seconds>-<title as words>`
 * (`1713260000-reset-your-password`). Unlike Chatwoot's `parameterize`, underscores become
 * hyphens too (the help center's one slug rule, slugs.ts), so a generated slug always has the
 * format a given one must have.
 */

const maxWordsLength = 80;

/** The slug Chatwoot generates for a title at `now`; a title with no letters or digits gives the seconds alone. */
export const generateArticleSlug = (title: string, now: Date) => {
  const seconds = Math.floor(now.getTime() / 1000);
  const words = slugify(title, maxWordsLength);
  return words ? `${seconds}-${words}` : String(seconds);
};
