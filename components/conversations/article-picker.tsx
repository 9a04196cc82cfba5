"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { Snippet } from "@/components/knowledge-base/help-search";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { StatusMessage } from "@/components/ui/status-message";
import { languageName } from "@/lib/format/language";
import { searchPortalArticlesAction } from "@/lib/portal/actions/conversation-reads";
import { orThrow } from "@/lib/portal/outcome";
import { useInbox } from "./inbox-context";

export type PickedArticle = { id: number; title: string; description: string | null; snippet: string; locale: string; link: string };

/** The inbox's help center: where the picker searches, and in which languages. */
export type PickerHelpCenter = { slug: string; default_locale: string; locales: string[] };

/** The select's value for every language at once. */
const ALL_LANGUAGES = "";

/** Results come once this many characters are typed, and a pause this long (ms) after the last keystroke. */
const MIN_QUERY = 2;
const TYPING_PAUSE = 150;

/** `[title](link)`, with the brackets a title may hold escaped and parentheses kept out of the address. */
export const markdownLink = (article: Pick<PickedArticle, "title" | "link">) =>
  `[${article.title.replace(/[[\]\\]/g, "\\$&")}](${article.link.replace(/\(/g, "%28").replace(/\)/g, "%29")})`;

/**
 * The composer's "Insert article": a dialog that searches the inbox's help center (published
 * articles only) while the agent types, and puts the chosen one in the reply as a Markdown link
 * or sends it as an article message. A help center in several languages is searched in its
 * default one first; the agent may pick another, or all (each result then names its language).
 * Escape closes it and focus goes back where it was.
 */
export const ArticlePicker = ({
  helpCenter,
  canSend,
  onInsertLink,
  onSendArticle,
}: {
  helpCenter: PickerHelpCenter;
  /** Replies only: an article card is for the contact, not a private note. */
  canSend: boolean;
  onInsertLink: (article: PickedArticle) => void;
  /** Sends the article; resolves when it is sent, rejects with the refusal to show. */
  onSendArticle: (article: PickedArticle) => Promise<void>;
}) => {
  const { accountId } = useInbox();
  const ids = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState("");
  const [words, setWords] = useState("");
  const [locale, setLocale] = useState(helpCenter.default_locale);
  const multilingual = helpCenter.locales.length > 1;
  const [sending, setSending] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setWords(query.trim()), TYPING_PAUSE);
    return () => clearTimeout(timer);
  }, [query]);

  const search = useQuery({
    queryKey: ["article-search", accountId, helpCenter.slug, locale, words],
    queryFn: async () =>
      orThrow(await searchPortalArticlesAction(accountId, helpCenter.slug, words, locale === ALL_LANGUAGES ? undefined : locale)).articles,
    enabled: words.length >= MIN_QUERY,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const results = query.trim().length >= MIN_QUERY ? search.data : undefined;

  const open = () => {
    setFailure(null);
    dialog.current?.showModal();
    // The search, not the first button, takes focus; what was typed before is kept, selected.
    input.current?.select();
  };

  const insertLink = (article: PickedArticle) => {
    dialog.current?.close();
    onInsertLink(article);
  };

  const send = async (article: PickedArticle) => {
    setSending(article.id);
    setFailure(null);
    try {
      await onSendArticle(article);
      dialog.current?.close();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setSending(null);
    }
  };

  // The last results stay on screen while the next ones come.
  const stale = search.isPlaceholderData || words !== query.trim();
  const inLanguage = locale === ALL_LANGUAGES || !multilingual ? "" : ` in ${languageName(locale, "en")}`;
  const status =
    query.trim().length < MIN_QUERY
      ? "Type at least two letters of what the customer asks about."
      : search.isError
        ? null
        : results === undefined || (stale && results.length === 0)
          ? "Searching…"
          : results.length === 0
            ? `No published article${inLanguage} matches “${words}”.`
            : `${results.length} ${results.length === 1 ? "article" : "articles"} found.`;

  return (
    <>
      <button
        type="button"
        onClick={open}
        className="ml-auto rounded-md px-2.5 py-1 text-sm font-medium text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        Insert article
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={`${ids}-title`}
        className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-lg bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/30"
      >
        <div className="flex max-h-[80vh] flex-col gap-3 p-4 sm:p-6">
          <div className="flex items-center justify-between gap-3">
            <h2 id={`${ids}-title`} className="text-base font-semibold">
              Insert an article
            </h2>
            <Button variant="ghost" size="sm" onClick={() => dialog.current?.close()}>
              Close
            </Button>
          </div>
          <label htmlFor={`${ids}-search`} className="text-sm font-medium text-slate-700">
            Search the help center
          </label>
          <div className="flex flex-wrap items-end gap-2">
            <div className="min-w-0 flex-[1_1_14rem]">
              <input
                ref={input}
                id={`${ids}-search`}
                type="search"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                onKeyDown={(event) => {
                  // A search field's own Escape would only clear it: here it closes the dialog, as everywhere in it.
                  if (event.key !== "Escape") return;
                  event.preventDefault();
                  dialog.current?.close();
                }}
                autoComplete="off"
                placeholder="e.g. parking"
                aria-describedby={`${ids}-status`}
                className="h-9 w-full min-w-0 rounded-md border border-slate-300 px-3 text-sm shadow-sm placeholder:text-slate-400 focus:outline-2 focus:-outline-offset-1 focus:outline-indigo-600"
              />
            </div>
            {multilingual ? (
              <Select
                id={`${ids}-language`}
                label="Language"
                hideLabel
                name="language"
                value={locale}
                onChange={(event) => setLocale(event.target.value)}
                options={[
                  ...helpCenter.locales.map((code) => ({ value: code, label: languageName(code, "en") })),
                  { value: ALL_LANGUAGES, label: "All languages" },
                ]}
                className="flex-[0_1_10rem]"
              />
            ) : null}
          </div>
          <p id={`${ids}-status`} role="status" className="text-xs text-slate-500">
            {status}
          </p>
          {search.isError && query.trim().length >= MIN_QUERY ? <StatusMessage tone="error">{search.error.message}</StatusMessage> : null}
          {failure ? <StatusMessage tone="error">{failure}</StatusMessage> : null}
          {results && results.length > 0 ? (
            <ul aria-label="Articles" className="-mx-1 min-h-0 divide-y divide-slate-100 overflow-y-auto px-1">
              {results.map((article) => (
                <li key={article.id} className="py-3">
                  <p id={`${ids}-article-${article.id}`} className="font-medium text-slate-900">
                    {article.title}
                    {multilingual && locale === ALL_LANGUAGES ? (
                      <>
                        {" "}
                        <Badge>{languageName(article.locale, "en")}</Badge>
                      </>
                    ) : null}
                  </p>
                  {article.snippet ? (
                    <p className="mt-0.5 line-clamp-3 text-sm break-words text-slate-600">
                      <Snippet html={article.snippet} />
                    </p>
                  ) : null}
                  <div className="mt-2 flex flex-wrap gap-2">
                    <Button variant="secondary" size="sm" onClick={() => insertLink(article)} aria-describedby={`${ids}-article-${article.id}`}>
                      Insert link
                    </Button>
                    {canSend ? (
                      <Button
                        size="sm"
                        onClick={() => void send(article)}
                        disabled={sending !== null}
                        aria-describedby={`${ids}-article-${article.id}`}
                      >
                        {sending === article.id ? "Sending…" : "Send as article"}
                      </Button>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </dialog>
    </>
  );
};
