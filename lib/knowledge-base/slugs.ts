import { z } from "zod";

/*
 * Slugs of the help center (portals, categories, articles): lowercase ASCII letters and digits
 * in words joined by single hyphens, as they sit in public URLs (`/hc/{portal}/articles/{slug}`).
 * Pure: no database, so the rule and the generation have table-driven tests.
 */

export const maxSlugLength = 100;
const slugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const slugMessage = "must be lowercase letters and digits in words joined by single hyphens (e.g. getting-started)";

export const isSlug = (value: string) => value.length <= maxSlugLength && slugPattern.test(value);

/** A slug given by a client: checked, never rewritten (a client that sends one expects that URL). */
export const ZSlug = z
  .string()
  .trim()
  .min(1, { message: "can't be blank" })
  .max(maxSlugLength, { message: `is too long (at most ${maxSlugLength} characters)` })
  .regex(slugPattern, { message: slugMessage });

/**
 * A slug from free text, as Rails' `parameterize`: accents dropped (é → e), anything that is not
 * a letter or digit becomes a hyphen, hyphens collapsed and trimmed, cut at `maxLength` on a word
 * boundary. Text with no Latin letters or digits gives "" — the caller picks a fallback.
 */
export const slugify = (text: string, maxLength = maxSlugLength): string => {
  const words = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/æ/g, "ae")
    .replace(/ø/g, "o")
    .replace(/œ/g, "oe")
    .replace(/ł/g, "l")
    .replace(/đ/g, "d")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (words.length <= maxLength) return words;
  const cut = words.slice(0, maxLength);
  // Cut on the last whole word when the limit falls inside one.
  return words[maxLength] === "-" ? cut.replace(/-+$/, "") : cut.replace(/-[^-]*$/, "") || cut;
};

/**
 * `base`, or `base-2`, `base-3`… — the first not in `taken` (the slugs that start with `base`),
 * cut so the suffix fits within the length limit.
 */
export const freeSlug = (base: string, taken: ReadonlySet<string>): string => {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, maxSlugLength - suffix.length).replace(/-+$/, "")}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
};
