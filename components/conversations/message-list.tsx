"use client";

import { useLayoutEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { StatusMessage } from "@/components/ui/status-message";
import type { ConversationMessage } from "@/lib/portal/loaders/conversations";
import { fullTime, isoTime, messageTime } from "./format";

const INCOMING = 0;
const ACTIVITY = 2;

const senderName = (message: ConversationMessage) => {
  const sender = message.sender;
  if (!sender) return null;
  return "available_name" in sender ? sender.available_name : sender.name;
};

/**
 * The conversation's messages, oldest first: the contact's on the left, ours on the right,
 * private notes in amber, activity in the middle. It follows new messages while the agent is
 * at the bottom, and keeps its place when earlier ones are loaded above.
 */
export const MessageList = ({
  messages,
  latestId,
  hasEarlier,
  loadingEarlier,
  onLoadEarlier,
  failed,
}: {
  messages: ConversationMessage[];
  latestId: number;
  hasEarlier: boolean;
  loadingEarlier: boolean;
  onLoadEarlier: () => void;
  failed: boolean;
}) => {
  const scroller = useRef<HTMLDivElement>(null);
  const bottom = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const beforeLoad = useRef<{ height: number; top: number } | null>(null);
  const oldestId = messages[0]?.id ?? 0;

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !atBottom.current) return;
    if (el.scrollHeight > el.clientHeight) el.scrollTop = el.scrollHeight;
    else bottom.current?.scrollIntoView({ block: "end" });
  }, [latestId]);

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
    onLoadEarlier();
  };

  return (
    <div
      ref={scroller}
      onScroll={(event) => {
        const el = event.currentTarget;
        atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
      }}
      className="relative px-4 py-4 md:min-h-0 md:flex-1 md:overflow-y-auto"
    >
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
            {messages.map((message) => (
              <MessageItem key={message.id} message={message} />
            ))}
          </ol>
        )}
      </div>
      <div ref={bottom} />
    </div>
  );
};

const MessageItem = ({ message }: { message: ConversationMessage }) => {
  const time = (
    <time dateTime={isoTime(message.created_at)} title={fullTime(message.created_at)} suppressHydrationWarning>
      {messageTime(message.created_at)}
    </time>
  );
  if (message.message_type === ACTIVITY) {
    return (
      <li className="text-center text-xs text-slate-500">
        <span className="inline-block rounded-full bg-slate-100 px-3 py-1">
          {message.content} · {time}
        </span>
      </li>
    );
  }
  const incoming = message.message_type === INCOMING;
  const note = message.private;
  const name = senderName(message);
  const deleted = message.content_attributes?.deleted === true;
  return (
    <li className={cn("flex", incoming ? "justify-start" : "justify-end")}>
      <div className={cn("max-w-[85%] sm:max-w-[75%]", incoming ? "items-start" : "items-end")}>
        <div
          className={cn(
            "rounded-2xl px-3.5 py-2 text-sm shadow-sm",
            incoming && "rounded-bl-sm bg-white text-slate-900 ring-1 ring-slate-200",
            !incoming && !note && "rounded-br-sm bg-indigo-600 text-white",
            note && "rounded-br-sm bg-amber-50 text-amber-950 ring-1 ring-amber-200",
          )}
        >
          {note ? <p className="mb-0.5 text-xs font-semibold text-amber-800">Private note</p> : null}
          <p className={cn("break-words whitespace-pre-wrap", deleted && "italic opacity-75")}>{message.content}</p>
          {message.attachments?.map((file) =>
            file.data_url ? (
              <a key={file.id} href={file.data_url} className="mt-1 block text-xs underline" target="_blank" rel="noreferrer">
                Attachment{file.extension ? ` (.${file.extension})` : ""}
              </a>
            ) : null,
          )}
        </div>
        <p className={cn("mt-1 px-1 text-xs text-slate-500", !incoming && "text-right")}>
          {name ? `${name} · ` : ""}
          {time}
          {message.status === "failed" ? <span className="text-red-600"> · Not delivered</span> : null}
        </p>
      </div>
    </li>
  );
};
