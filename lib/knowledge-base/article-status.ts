import { articleStatuses, type ArticleStatus } from "@/db/schema";

/*
 * An article's status as Chatwoot takes it: its name, or the number it is stored as (0 draft,
 * 1 published, 2 archived), sent as a JSON integer or as a string of digits (query strings, and
 * the dashboard's `status=1`). Chatwoot answers the digit string with a 500; we take it.
 */

export const parseArticleStatus = (value: unknown): ArticleStatus | null => {
  if (typeof value === "string" && (articleStatuses as readonly string[]).includes(value)) return value as ArticleStatus;
  const code = typeof value === "number" ? value : typeof value === "string" && /^\d$/.test(value) ? Number(value) : Number.NaN;
  return Number.isInteger(code) ? (articleStatuses[code] ?? null) : null;
};

/** The stored number of a status. */
export const articleStatusCode = (status: ArticleStatus): number => articleStatuses.indexOf(status);

/** The name of a stored status. */
export const articleStatusName = (code: number): ArticleStatus => {
  const status = articleStatuses[code];
  if (!status) throw new Error(`article status ${code} is not one of ${articleStatuses.join(", ")}`);
  return status;
};
