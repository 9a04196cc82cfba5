"use client";

import Link from "next/link";
import { useEffect, useId, useState } from "react";
import { snippetParts } from "@/lib/knowledge-base/search-text";

/*
 * The help center's search box: a plain GET form to the search page (it works without
 * JavaScript), and results while typing from the same search (articles.json) under it.
 */

type Result = { id: number; title: string; snippet?: string; link: string };

const Snippet = ({ html }: { html: string }) => (
  <>
    {snippetParts(html).map((part, index) =>
      part.match ? (
        <mark key={index} className="rounded bg-amber-100 px-0.5 text-slate-900">
          {part.text}
        </mark>
      ) : (
        <span key={index}>{part.text}</span>
      ),
    )}
  </>
);

export const HelpSearch = ({ portalSlug, locale, initialQuery = "" }: { portalSlug: string; locale: string; initialQuery?: string }) => {
  const [query, setQuery] = useState(initialQuery);
  const [found, setFound] = useState<{ query: string; results: Result[] } | null>(null);
  const listId = useId();
  const action = `/hc/${portalSlug}/${locale}/search`;
  // The last results while the next ones come; none while fewer than two characters are typed.
  const results = query.trim().length >= 2 ? (found?.results ?? null) : null;

  useEffect(() => {
    const words = query.trim();
    if (words.length < 2) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(`/hc/${encodeURIComponent(portalSlug)}/${encodeURIComponent(locale)}/articles.json?per_page=6&query=${encodeURIComponent(words)}`, {
          signal: controller.signal,
        });
        if (response.ok) setFound({ query: words, results: ((await response.json()) as { payload: Result[] }).payload });
      } catch {
        // Aborted by the next keystroke, or offline: the form still submits.
      }
    }, 150);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, portalSlug, locale]);

  return (
    <div className="relative">
      <form action={action} method="get" role="search" className="flex gap-2">
        <label htmlFor={`${listId}-input`} className="sr-only">
          Search the help center
        </label>
        <input
          id={`${listId}-input`}
          name="query"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Search for answers…"
          autoComplete="off"
          aria-controls={results ? listId : undefined}
          className="h-11 min-w-0 flex-1 rounded-md border border-white/40 bg-white px-3 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:outline-2 focus:outline-white"
        />
        <button type="submit" className="h-11 rounded-md bg-slate-900/80 px-4 text-sm font-medium text-white hover:bg-slate-900">
          Search
        </button>
      </form>
      {results ? (
        <div id={listId} role="region" aria-label="Instant results" aria-live="polite" className="absolute inset-x-0 top-12 z-10 rounded-md bg-white p-2 text-slate-900 shadow-lg ring-1 ring-slate-200">
          {results.length === 0 ? (
            <p className="px-3 py-2 text-sm text-slate-600">No articles match.</p>
          ) : (
            <ul>
              {results.map((result) => (
                <li key={result.id}>
                  <Link href={result.link} className="block rounded px-3 py-2 hover:bg-slate-50">
                    <span className="font-medium">{result.title}</span>
                    {result.snippet ? (
                      <span className="mt-0.5 block text-sm text-slate-600">
                        <Snippet html={result.snippet} />
                      </span>
                    ) : null}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
};

export { Snippet };
