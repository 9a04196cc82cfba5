import Link from "next/link";
import { cn } from "@/components/ui/cn";

/** The pages to link: the first, the last, and two either side of the current one; gaps become null. */
export const pageWindow = (current: number, last: number): (number | null)[] => {
  const pages: (number | null)[] = [];
  for (let page = 1; page <= last; page++) {
    if (page === 1 || page === last || Math.abs(page - current) <= 2) pages.push(page);
    else if (pages.at(-1) !== null) pages.push(null);
  }
  return pages;
};

const itemClass = "inline-flex h-8 min-w-8 items-center justify-center rounded-md px-2.5 text-sm font-medium";
const linkClass = cn(
  itemClass,
  "text-slate-700 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600",
);

/**
 * Page links under a list. `last` is the last page when the total is known; a search only
 * knows whether another page follows (`hasMore`), so it links up to the next page.
 */
export const Pagination = ({
  page,
  last,
  hasMore,
  href,
}: {
  page: number;
  last: number | null;
  hasMore: boolean;
  href: (page: number) => string;
}) => {
  const final = last ?? (hasMore ? page + 1 : page);
  if (final <= 1 && page <= 1) return null;
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3">
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          {page > 1 ? (
            <Link href={href(page - 1)} className={linkClass} rel="prev">
              Previous
            </Link>
          ) : (
            <span className={cn(itemClass, "text-slate-300")} aria-disabled="true">
              Previous
            </span>
          )}
        </li>
        {pageWindow(page, Math.max(final, page)).map((number, index) => (
          <li key={number ?? `gap-${index}`}>
            {number === null ? (
              <span className={cn(itemClass, "text-slate-400")} aria-hidden="true">
                …
              </span>
            ) : number === page ? (
              <span aria-current="page" aria-label={`Page ${number}`} className={cn(itemClass, "bg-indigo-600 text-white")}>
                {number}
              </span>
            ) : (
              <Link href={href(number)} aria-label={`Page ${number}`} className={linkClass}>
                {number}
              </Link>
            )}
          </li>
        ))}
        <li>
          {page < final ? (
            <Link href={href(page + 1)} className={linkClass} rel="next">
              Next
            </Link>
          ) : (
            <span className={cn(itemClass, "text-slate-300")} aria-disabled="true">
              Next
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
};
