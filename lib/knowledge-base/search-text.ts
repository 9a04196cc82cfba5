/**
 * Text around knowledge base search, pure (no imports): an article's Markdown as the plain text a
 * snippet is cut from, the query's last word for matching while someone types, and a headline
 * PostgreSQL marked up turned into safe HTML.
 */

/*
 * ts_headline marks matches with StartSel/StopSel and drops what its parser takes for HTML tags.
 * Control characters no article text keeps carry the marks and the angle brackets through it, so
 * the snippet shows the article's text as written (a `<script>` in it shows as text, escaped).
 */
export const markStart = "\u0001";
export const markStop = "\u0002";
const lessThan = "\u0003";
const greaterThan = "\u0004";

/** Every control character but tab and newline (the ones above among them). */
const controlCharacters = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/**
 * Markdown as plain text: the words a reader sees, without the syntax around them. Links and
 * images keep their text, code keeps its content, headings, quotes, list markers, emphasis,
 * tables' pipes and rules go. HTML stays as text (the snippet escapes it).
 */
export const markdownToText = (markdown: string): string =>
  markdown
    .replace(/\r\n?/g, "\n")
    // Fences of code blocks (the code itself is text worth finding).
    .replace(/^[ \t]*(`{3,}|~{3,})[^\n]*$/gm, "")
    // Reference definitions: `[id]: https://…`.
    .replace(/^[ \t]{0,3}\[[^\]\n]+\]:[ \t]*\S+.*$/gm, "")
    // Images, then links (inline and by reference): their text.
    .replace(/!\[([^\]\n]*)\]\([^)\n]*\)/g, "$1")
    .replace(/!\[([^\]\n]*)\]\[[^\]\n]*\]/g, "$1")
    .replace(/\[([^\]\n]+)\]\([^)\n]*\)/g, "$1")
    .replace(/\[([^\]\n]+)\]\[[^\]\n]*\]/g, "$1")
    // Autolinks: the address.
    .replace(/<((?:https?|mailto):[^>\s]+)>/gi, "$1")
    // Rules and table separator rows are syntax only.
    .replace(/^[ \t]*([-*_])([ \t]*\1){2,}[ \t]*$/gm, "")
    .replace(/^[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*(\|[ \t]*:?-{3,}:?[ \t]*)*\|?[ \t]*$\n?/gm, "")
    // Headings end as a sentence does, so a snippet running on into the next line reads
    // "Parking. Free for guests", not "Parking Free for guests". Closing hashes go.
    .replace(/^[ \t]*#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/gm, (_line, heading: string) => (heading === "" || /[.!?:;…]$/.test(heading) ? heading : `${heading}.`))
    // Line starts: quotes, list markers and task boxes.
    .replace(/^[ \t]*(>[ \t]?)+/gm, "")
    .replace(/^[ \t]*([-*+]|\d{1,9}[.)])[ \t]+(\[[ xX]\][ \t]+)?/gm, "")
    // Emphasis, strike-through and inline code; `_` only around words, so snake_case stays.
    .replace(/(\*\*|__)(?=\S)([^\n]*?\S)\1/g, "$2")
    .replace(/(^|[^\w*])\*(?=\S)([^*\n]*?\S)\*(?!\w)/g, "$1$2")
    .replace(/(^|[^\w])_(?=\S)([^_\n]*?\S)_(?!\w)/g, "$1$2")
    .replace(/~~(?=\S)([^\n]*?\S)~~/g, "$1")
    .replace(/`+([^`\n]+)`+/g, "$1")
    // Table cells: pipes become spaces.
    .replace(/[ \t]*\|[ \t]*/g, " ")
    .replace(/[ \t]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();

/** Plain text made ready for ts_headline: no control characters, angle brackets in disguise. */
export const headlineInput = (text: string): string =>
  text.replace(controlCharacters, " ").replaceAll("<", lessThan).replaceAll(">", greaterThan);

const entities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text as HTML text: nothing in it is markup. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => entities[c]!);

/**
 * ts_headline's answer (on `headlineInput` text, with `markStart`/`markStop` as its StartSel and
 * StopSel) as safe HTML: everything escaped, the matches in `<mark>`, on one line.
 */
export const headlineToHtml = (headline: string): string => {
  let open = false;
  let html = "";
  for (const part of headline.split(/([\u0001\u0002])/)) {
    if (part === markStart && !open) {
      html += "<mark>";
      open = true;
    } else if (part === markStop && open) {
      html += "</mark>";
      open = false;
    } else if (part !== markStart && part !== markStop) {
      html += escapeHtml(part.replaceAll(lessThan, "<").replaceAll(greaterThan, ">"));
    }
  }
  if (open) html += "</mark>";
  return html.replace(/\s+/g, " ").trim();
};

/**
 * The word being typed at the end of a query, for matching it as a prefix ("projec" finds
 * "projector"), the query before it, and how it joins that query (`or` when an `or` precedes it,
 * as websearch syntax reads it). None when the query ends in a space or a quote, when the word is
 * negated (`-wifi`), inside a quoted phrase, or an `or`, or shorter than `minLength`. The word is
 * letters and digits only, so it is safe inside to_tsquery's syntax.
 */
export const typedPrefix = (query: string, minLength = 2): { word: string; rest: string; join: "and" | "or" } | null => {
  const match = /(^|[^\p{L}\p{N}])([\p{L}\p{N}]+)$/u.exec(query);
  if (!match) return null;
  const word = match[2]!;
  const rest = query.slice(0, query.length - word.length);
  if ([...word].length < minLength || /^or$/i.test(word)) return null;
  if (match[1] === "-" && /(^|\s)-$/.test(rest)) return null;
  // An odd number of quotes before it: the word is inside a phrase.
  if ((rest.match(/"/g)?.length ?? 0) % 2 === 1) return null;
  const or = /(^|\s)or\s+$/i.exec(rest);
  return or ? { word, rest: rest.slice(0, or.index + or[1]!.length), join: "or" } : { word, rest, join: "and" };
};

const characters = Object.fromEntries(Object.entries(entities).map(([character, entity]) => [entity, character]));

/**
 * A snippet (`headlineToHtml`'s HTML) back as text parts, the matches flagged: for showing it
 * without setting HTML (the help center's instant results) and as plain text (Chatwoot's `content`).
 */
export const snippetParts = (html: string): { text: string; match: boolean }[] =>
  html
    .split(/(<mark>[^<]*<\/mark>)/)
    .filter((part) => part !== "")
    .map((part) => {
      const match = part.startsWith("<mark>");
      const text = (match ? part.slice(6, -7) : part).replace(/&(amp|lt|gt|quot|#39);/g, (entity) => characters[entity]!);
      return { text, match };
    });

export const plainSnippet = (html: string) =>
  snippetParts(html)
    .map((part) => part.text)
    .join("");
