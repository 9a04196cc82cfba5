"use client";

import { useCallback, useEffect, useLayoutEffect, useRef, useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { StatusMessage } from "@/components/ui/status-message";
import type { ConversationMessage } from "@/lib/portal/loaders/conversations";
import { isoTime, messageFullTime, messageTime } from "./format";
import { localDayKey, withDaySeparators } from "./message-days";

const INCOMING = 0;
const ACTIVITY = 2;

/** How close to the bottom (px) still counts as reading the newest messages. */
const NEAR_BOTTOM = 80;

const senderName = (message: ConversationMessage) => {
  const sender = message.sender;
  if (!sender) return null;
  return "available_name" in sender ? sender.available_name : sender.name;
};

// The viewer's today, checked each minute. The server does not know the viewer's zone, so it
// (and the hydrating render) has none: the day separators appear once the page runs in the browser.
const subscribeToday = (onChange: () => void) => {
  const timer = window.setInterval(onChange, 60_000);
  return () => window.clearInterval(timer);
};
const todayInBrowser = () => localDayKey(new Date());
const noToday = () => null;

/**
 * The conversation's messages, oldest first, with a separator at each new day: the contact's on
 * the left, ours on the right, private notes in amber, activity in the middle. It opens at the
 * newest message and stays there while the agent is at the bottom (new messages, day
 * separators, a resized window), jumps there when the agent sends, and keeps its place when
 * earlier messages are loaded above.
 */
export const MessageList = ({
  messages,
  latestId,
  hasEarlier,
  loadingEarlier,
  onLoadEarlier,
  failed,
  sent,
}: {
  messages: ConversationMessage[];
  latestId: number;
  hasEarlier: boolean;
  loadingEarlier: boolean;
  onLoadEarlier: () => void;
  failed: boolean;
  /** Counts the agent's sends: each one brings the newest message into view. */
  sent: number;
}) => {
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const beforeLoad = useRef<{ height: number; top: number } | null>(null);
  const oldestId = messages[0]?.id ?? 0;
  const today = useSyncExternalStore(subscribeToday, todayInBrowser, noToday);

  const toBottom = useCallback(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  useLayoutEffect(() => {
    if (pinned.current) toBottom();
  }, [latestId, today, toBottom]);

  useLayoutEffect(() => {
    if (sent === 0) return;
    pinned.current = true;
    toBottom();
  }, [sent, toBottom]);

  // Whatever changes a height (a long message wrapping, the composer growing, the window) keeps the bottom in view.
  useEffect(() => {
    const el = scroller.current;
    const inner = content.current;
    if (!el || !inner) return;
    const observer = new ResizeObserver(() => {
      if (pinned.current) toBottom();
    });
    observer.observe(el);
    observer.observe(inner);
    return () => observer.disconnect();
  }, [toBottom]);

  useLayoutEffect(() => {
    const el = scroller.current;
    const saved = beforeLoad.current;
    if (!el || !saved) return;
    beforeLoad.current = null;
    el.scrollTop = el.scrollHeight - saved.height + saved.top;
  }, [oldestId]);

  const loadEarlier = () => {
    const el = scroller.current;
    if (el) beforeLoad.current = { height: el.scrollHeight, top: el.scrollTop };
    pinned.current = false;
    onLoadEarlier();
  };

  return (
    <div
      ref={scroller}
      onScroll={(event) => {
        const el = event.currentTarget;
        pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM;
      }}
      className="relative min-h-0 flex-1 overflow-x-hidden overflow-y-auto overscroll-contain"
    >
      <div ref={content} className="px-4 py-4">
        {hasEarlier ? (
          <div className="mb-4 text-center">
            <Button variant="secondary" size="sm" disabled={loadingEarlier} onClick={loadEarlier}>
              {loadingEarlier ? "Loading…" : "Load earlier messages"}
            </Button>
          </div>
        ) : null}
        {failed ? (
          <StatusMessage tone="error" className="mb-4">
            New messages could not be loaded. Retrying…
          </StatusMessage>
        ) : null}
        <div role="log" aria-label="Messages">
          {messages.length === 0 ? (
            <p className="py-10 text-center text-sm text-slate-500">No messages yet. Write the first one below.</p>
          ) : (
            <ol className="space-y-3">
              {withDaySeparators(messages, today).map((item) =>
                item.kind === "day" ? (
                  <li key={`day-${item.key}`} className="flex items-center gap-3 pt-2 first:pt-0">
                    <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
                    <h3 className="text-xs font-medium text-slate-500">
                      <time dateTime={item.key}>{item.label}</time>
                    </h3>
                    <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
                  </li>
                ) : (
                  <MessageItem key={item.message.id} message={item.message} />
                ),
              )}
            </ol>
          )}
        </div>
      </div>
    </div>
  );
};

/**
 * The time a message was sent; the full date and time show on hover (its title) and, for the
 * keyboard, when it has focus: above the line the time is on (positioned by it), from the side
 * the message is on, so it never runs off the screen.
 */
const MessageTime = ({ unixSeconds, align }: { unixSeconds: number; align: "start" | "center" | "end" }) => {
  const full = messageFullTime(unixSeconds);
  return (
    <time
      dateTime={isoTime(unixSeconds)}
      title={full}
      tabIndex={0}
      suppressHydrationWarning
      className="group rounded-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600"
    >
      {messageTime(unixSeconds)}
      <span
        aria-hidden="true"
        suppressHydrationWarning
        className={cn(
          "pointer-events-none absolute bottom-full z-10 mb-1 hidden rounded bg-slate-900 px-2 py-1 text-xs whitespace-nowrap text-white shadow group-focus-visible:block",
          align === "start" && "left-0",
          align === "end" && "right-0",
          align === "center" && "left-1/2 -translate-x-1/2",
        )}
      >
        {full}
      </span>
    </time>
  );
};

type ArticleItem = { title: string; description: string | null; link: string | null };

/** An article message's items (Chatwoot's `content_attributes.items`); only http(s) links are followed. */
const articleItems = (message: ConversationMessage): ArticleItem[] => {
  const items = message.content_type === "article" ? message.content_attributes?.items : undefined;
  if (!Array.isArray(items)) return [];
  return items.flatMap((item: unknown) => {
    if (typeof item !== "object" || item === null) return [];
    const { title, description, link } = item as Record<string, unknown>;
    return [
      {
        title: typeof title === "string" && title.trim() ? title : "Article",
        description: typeof description === "string" && description.trim() ? description : null,
        link: typeof link === "string" && /^https?:\/\//i.test(link) ? link : null,
      },
    ];
  });
};

/** A help center article sent in a message: its title (the link, opening in a new tab) and description. */
const ArticleCard = ({ item }: { item: ArticleItem }) => (
  <div className="mt-1.5 min-w-0 rounded-lg bg-white px-3 py-2 text-slate-900 ring-1 ring-slate-200 first:mt-0">
    <p className="text-xs font-medium text-slate-500">Article</p>
    {item.link ? (
      <a
        href={item.link}
        target="_blank"
        rel="noopener noreferrer"
        className="block font-semibold break-words text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        {item.title}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    ) : (
      <p className="font-semibold break-words">{item.title}</p>
    )}
    {item.description ? <p className="mt-0.5 text-sm break-words text-slate-600">{item.description}</p> : null}
  </div>
);

const MessageItem = ({ message }: { message: ConversationMessage }) => {
  if (message.message_type === ACTIVITY) {
    return (
      <li className="text-center text-xs text-slate-500">
        <span className="relative inline-block rounded-full bg-slate-100 px-3 py-1">
          {message.content} · <MessageTime unixSeconds={message.created_at} align="center" />
        </span>
      </li>
    );
  }
  const incoming = message.message_type === INCOMING;
  const note = message.private;
  const name = senderName(message);
  const deleted = message.content_attributes?.deleted === true;
  const articles = deleted ? [] : articleItems(message);
  return (
    <li className={cn("flex", incoming ? "justify-start" : "justify-end")}>
      <div className={cn("max-w-[85%] min-w-0 sm:max-w-[75%]", incoming ? "items-start" : "items-end")}>
        <div
          className={cn(
            "rounded-2xl px-3.5 py-2 text-sm shadow-sm",
            incoming && "rounded-bl-sm bg-white text-slate-900 ring-1 ring-slate-200",
            !incoming && !note && "rounded-br-sm bg-indigo-600 text-white",
            note && "rounded-br-sm bg-amber-50 text-amber-950 ring-1 ring-amber-200",
          )}
        >
          {note ? <p className="mb-0.5 text-xs font-semibold text-amber-800">Private note</p> : null}
          {articles.length === 0 || message.content?.trim() ? (
            <p className={cn("break-words whitespace-pre-wrap", articles.length > 0 && "mb-1.5", deleted && "italic opacity-75")}>{message.content}</p>
          ) : null}
          {articles.map((item, index) => (
            <ArticleCard key={index} item={item} />
          ))}
          {message.attachments?.map((file) =>
            file.data_url ? (
              <a key={file.id} href={file.data_url} className="mt-1 block text-xs underline" target="_blank" rel="noreferrer">
                Attachment{file.extension ? ` (.${file.extension})` : ""}
              </a>
            ) : null,
          )}
        </div>
        <p className={cn("relative mt-1 px-1 text-xs text-slate-500", !incoming && "text-right")}>
          {name ? `${name} · ` : ""}
          <MessageTime unixSeconds={message.created_at} align={incoming ? "start" : "end"} />
          {message.status === "failed" ? <span className="text-red-600"> · Not delivered</span> : null}
        </p>
      </div>
    </li>
  );
};
