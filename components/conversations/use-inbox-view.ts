"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import { changeFilters, filtersFromSearch, searchOfFilters, type InboxFilters } from "@/lib/conversations/inbox-filters";

/**
 * The inbox's view, read from the URL. Changing it writes the URL with the History API, which
 * Next.js's router follows (useSearchParams updates, back and forward step through the views)
 * without asking the server for the page again: the list fetches what it shows by itself.
 */
export const useInboxView = () => {
  const params = useSearchParams();
  const pathname = usePathname();
  const filters = useMemo(() => filtersFromSearch(params), [params]);
  const search = useMemo(() => searchOfFilters(filters), [filters]);

  /** `push` makes a step back/forward can return to; `replace` refines the current one (typing a search). */
  const navigate = useCallback(
    (next: InboxFilters, mode: "push" | "replace" = "push") => {
      const query = searchOfFilters(next);
      const url = query ? `${pathname}?${query}` : pathname;
      if (mode === "push") window.history.pushState(null, "", url);
      else window.history.replaceState(null, "", url);
    },
    [pathname],
  );

  /**
   * Changes part of the view. It starts from the URL as it is now, not as last rendered: the
   * router applies a step a moment after it is written, and two quick changes (a status, then
   * an inbox) must both stay.
   */
  const change = useCallback(
    (next: Partial<InboxFilters>, mode: "push" | "replace" = "push") =>
      navigate(changeFilters(filtersFromSearch(new URLSearchParams(window.location.search)), next), mode),
    [navigate],
  );

  return { filters, search, change };
};
