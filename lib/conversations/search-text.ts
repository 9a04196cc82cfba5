/**
 * Showing what a search found: a short excerpt of a long message around the words searched for,
 * and a text split into the parts that match and the parts that do not. Pure (no imports).
 */

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The message on one line, cut to the words around the first match of `q` (case-insensitive):
 * a few words before it, more after, "…" where something was cut. Without a match (the database
 * compares a little differently), the beginning.
 */
export const excerptAround = (text: string, q: string, options: { before?: number; after?: number } = {}) => {
  const before = options.before ?? 30;
  const after = options.after ?? 90;
  const flat = text.replace(/\s+/g, " ").trim();
  const match = q.trim() ? new RegExp(escapeRegExp(q.trim()), "iu").exec(flat) : null;
  const at = match?.index ?? 0;
  const length = match?.[0].length ?? 0;
  let start = Math.max(0, at - before);
  let end = Math.min(flat.length, at + length + after);
  // Whole words: move the cuts to the nearest spaces that keep the match inside.
  if (start > 0) {
    const space = flat.indexOf(" ", start);
    if (space !== -1 && space < at) start = space + 1;
  }
  if (end < flat.length) {
    const space = flat.lastIndexOf(" ", end);
    if (space > at + length) end = space;
  }
  return `${start > 0 ? "…" : ""}${flat.slice(start, end)}${end < flat.length ? "…" : ""}`;
};

/** `text` as parts, each marked whether it matches `q` (case-insensitive), for highlighting. */
export const highlightParts = (text: string, q: string | undefined): { text: string; match: boolean }[] => {
  const needle = q?.trim();
  if (!needle) return [{ text, match: false }];
  // A capturing group keeps the matches in the split: they land at the odd indexes.
  return text
    .split(new RegExp(`(${escapeRegExp(needle)})`, "giu"))
    .map((part, index) => ({ text: part, match: index % 2 === 1 }))
    .filter((part) => part.text !== "");
};
