"use client";

import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { typingSignal } from "@/lib/live-client/typing";
import { sendMessageAction, typingAction } from "@/lib/portal/actions/conversations";
import { attempt } from "@/lib/portal/outcome";
import { ArticlePicker, markdownLink, type PickedArticle } from "./article-picker";
import { fillCannedResponse } from "./format";
import { useInbox } from "./inbox-context";
import { useConversationAction } from "./use-conversation-action";

type Mode = "reply" | "note";

/** A draft that is only "/" and a word asks for canned responses whose code or text match the word. */
const cannedQuery = (text: string) => /^\/(\S*)$/.exec(text)?.[1]?.toLowerCase() ?? null;

/**
 * Reply to the contact or leave a private note for the team. Typing "/" at the start opens the
 * canned responses: arrow keys choose, Enter inserts (with the contact's name filled in),
 * Escape closes. Ctrl/Cmd+Enter sends. While the agent types, the contact and the other agents
 * see "… is typing" (a note's typing only the agents). When the conversation's inbox has a help
 * center, "Insert article" puts one of its articles in the reply as a link, or sends it as an
 * article message.
 */
export const Composer = ({
  displayId,
  inboxId,
  contactName,
  onSend,
}: {
  displayId: number;
  inboxId: number;
  contactName: string;
  onSend: () => void;
}) => {
  const { accountId, cannedResponses, inboxes } = useInbox();
  const helpCenter = inboxes.find((inbox) => inbox.id === inboxId)?.help_center ?? null;
  const ids = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [mode, setMode] = useState<Mode>("reply");
  const [text, setText] = useState("");
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  // Where the caret goes once an inserted link is in the text.
  const caret = useRef<number | null>(null);

  const send = useConversationAction(displayId, (input: { content: string; private: boolean }) => sendMessageAction(accountId, displayId, input));
  const sendArticle = useConversationAction(displayId, ({ title, description, link }: PickedArticle) =>
    sendMessageAction(accountId, displayId, {
      private: false,
      content_type: "article",
      content_attributes: { items: [{ title, link, ...(description ? { description } : {}) }] },
    }),
  );

  const note = mode === "note";
  const typing = useMemo(
    () =>
      typingSignal<boolean>((on, isPrivate) => void attempt(() => typingAction(accountId, displayId, { typing_status: on ? "on" : "off", is_private: isPrivate }))),
    [accountId, displayId],
  );
  // Leaving the conversation (or the page) mid-sentence says "off" too.
  useEffect(() => () => typing.stop(), [typing]);

  const query = cannedQuery(text);
  const matches =
    query === null
      ? []
      : cannedResponses
          .filter((item) => item.short_code.toLowerCase().includes(query) || item.content.toLowerCase().includes(query))
          .sort((a, b) => Number(!a.short_code.toLowerCase().startsWith(query)) - Number(!b.short_code.toLowerCase().startsWith(query)))
          .slice(0, 8);
  const pickerOpen = query !== null && dismissed !== text;
  const activeIndex = Math.min(active, matches.length - 1);
  const optionId = (index: number) => `${ids}-canned-${index}`;

  const insert = (content: string) => {
    setText(fillCannedResponse(content, contactName));
    setActive(0);
    textarea.current?.focus();
  };

  useLayoutEffect(() => {
    const at = caret.current;
    if (at === null) return;
    caret.current = null;
    textarea.current?.focus();
    textarea.current?.setSelectionRange(at, at);
  }, [text]);

  /** The article's Markdown link where the caret was (replacing a selection), a space before it if a word ends there. */
  const insertLink = (article: PickedArticle) => {
    const start = textarea.current?.selectionStart ?? text.length;
    const end = textarea.current?.selectionEnd ?? text.length;
    const before = text.slice(0, start);
    const link = `${before && !/\s$/.test(before) ? " " : ""}${markdownLink(article)}`;
    caret.current = before.length + link.length;
    setText(before + link + text.slice(end));
    typing.keystroke(note);
  };

  const submit = () => {
    const content = text.trim();
    if (!content || send.isPending) return;
    typing.stop();
    onSend();
    send.mutate({ content, private: mode === "note" }, { onSuccess: () => setText("") });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
      return;
    }
    if (!pickerOpen) return;
    if (event.key === "Escape") {
      event.preventDefault();
      setDismissed(text);
    } else if (matches.length > 0 && (event.key === "ArrowDown" || event.key === "ArrowUp")) {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((activeIndex + step + matches.length) % matches.length);
    } else if (matches.length > 0 && (event.key === "Enter" || event.key === "Tab") && !event.shiftKey) {
      event.preventDefault();
      insert(matches[activeIndex]!.content);
    }
  };

  return (
    <div className="shrink-0 border-t border-slate-200 bg-white px-4 pt-2 pb-3">
      <div className="mb-2 flex items-center gap-1">
        <div role="group" aria-label="Message type" className="flex gap-1">
          {(["reply", "note"] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={mode === value}
              onClick={() => {
                setMode(value);
                textarea.current?.focus();
              }}
              className={cn(
                "rounded-md px-2.5 py-1 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-indigo-600",
                mode === value
                  ? value === "note"
                    ? "bg-amber-100 text-amber-900"
                    : "bg-indigo-50 text-indigo-700"
                  : "text-slate-500 hover:bg-slate-100 hover:text-slate-800",
              )}
            >
              {value === "reply" ? "Reply" : "Private note"}
            </button>
          ))}
        </div>
        {helpCenter ? (
          <ArticlePicker
            helpCenter={helpCenter}
            canSend={!note}
            onInsertLink={insertLink}
            onSendArticle={async (article) => {
              onSend();
              await sendArticle.mutateAsync(article);
            }}
          />
        ) : null}
      </div>

      <div className="relative">
        {pickerOpen ? (
          <div className="absolute inset-x-0 bottom-full z-20 mb-2 overflow-hidden rounded-md border border-slate-200 bg-white shadow-lg">
            <p id={`${ids}-canned-label`} className="border-b border-slate-100 px-3 py-1.5 text-xs font-medium text-slate-500">
              Canned responses
            </p>
            {matches.length === 0 ? (
              <p className="px-3 py-2 text-sm text-slate-500">No canned response matches “/{query}”.</p>
            ) : (
              <ul id={`${ids}-canned`} role="listbox" aria-labelledby={`${ids}-canned-label`} className="max-h-60 overflow-y-auto py-1">
                {matches.map((item, index) => (
                  <li
                    key={item.id}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === activeIndex}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => insert(item.content)}
                    onMouseEnter={() => setActive(index)}
                    className={cn("cursor-pointer px-3 py-2 text-sm", index === activeIndex ? "bg-indigo-50" : "hover:bg-slate-50")}
                  >
                    <span className="font-mono text-xs font-semibold text-indigo-700">/{item.short_code}</span>
                    <span className="mt-0.5 line-clamp-2 block text-slate-700">{fillCannedResponse(item.content, contactName)}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        ) : null}

        <label htmlFor={`${ids}-message`} className="sr-only">
          Message
        </label>
        <textarea
          ref={textarea}
          id={`${ids}-message`}
          value={text}
          rows={3}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
            if (event.target.value === "") typing.stop();
            else typing.keystroke(note);
          }}
          onKeyDown={onKeyDown}
          aria-autocomplete="list"
          aria-haspopup="listbox"
          aria-controls={pickerOpen && matches.length > 0 ? `${ids}-canned` : undefined}
          aria-activedescendant={pickerOpen && matches.length > 0 ? optionId(activeIndex) : undefined}
          aria-describedby={`${ids}-hint`}
          placeholder={note ? "Write a note only your team can see" : `Reply to ${contactName}. Type / for canned responses`}
          className={cn(
            "block max-h-60 min-h-20 w-full resize-y rounded-md border px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400",
            "focus:outline-2 focus:-outline-offset-1",
            note ? "border-amber-300 bg-amber-50 focus:outline-amber-500" : "border-slate-300 bg-white focus:outline-indigo-600",
          )}
        />
      </div>

      <div className="mt-2 flex items-center justify-between gap-3">
        <p id={`${ids}-hint`} className="truncate text-xs text-slate-500">
          {note ? "Private notes are not sent to the contact." : "Type / for canned responses."} Ctrl+Enter sends.
        </p>
        <Button size="sm" onClick={submit} disabled={send.isPending || text.trim() === ""}>
          {send.isPending ? "Sending…" : note ? "Add note" : "Send"}
        </Button>
      </div>
      {send.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {send.error.message}
        </p>
      ) : null}
    </div>
  );
};
