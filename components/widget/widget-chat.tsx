"use client";

import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type FormEvent, type KeyboardEvent } from "react";
import { loadWidgetMessages, markWidgetSeen, sendWidgetMessage, startWidgetChat, widgetTriggered, widgetTyping } from "@/lib/portal/actions/widget";
import { cn } from "@/components/ui/cn";
import { LIVE_BATCH_MS, batcher } from "@/lib/live-client/batch";
import { staleAfter, type Stale } from "@/lib/live-client/frames";
import { createLiveStore, type LiveStore } from "@/lib/live-client/store";
import { openLiveStream } from "@/lib/live-client/stream";
import { typingSentence, typingSignal, type Typer } from "@/lib/live-client/typing";
import { attempt } from "@/lib/portal/outcome";
import { mergeMessages, messagePageSize, newestId, stillSending, unreadReplies, type PendingMessage, type WidgetMessage } from "@/lib/widget/messages";
import { hostCommand, widgetEvents } from "@/lib/widget/protocol";
import { readSession, sessionKey, writeSession, type WidgetSession } from "@/lib/widget/session";
import type { WidgetSettings } from "@/lib/widget/settings";
import { adoptHostCopy, hasOwnStorage, readStored, relayTo, subscribeStored, writeStored } from "./session-store";

type ChatProps = { websiteToken: string; settings: WidgetSettings };

/** The chat keeps its own query client: its cache lives and dies with the page. */
export const WidgetChat = (props: ChatProps) => {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1, staleTime: 2_000 } } }));
  return (
    <QueryClientProvider client={client}>
      <ChatWindow {...props} />
    </QueryClientProvider>
  );
};

const noSubscription = () => () => {};
/** Inside the iframe the venue's page put us in, or opened on its own (a preview, a direct link). */
const useFramed = () =>
  useSyncExternalStore(
    noSubscription,
    () => window.parent !== window,
    () => false,
  );
/** Framed, and the browser refuses us storage there: the venue's page keeps the session for us. */
const useHostKeeps = () =>
  useSyncExternalStore(
    noSubscription,
    () => window.parent !== window && !hasOwnStorage(),
    () => false,
  );

const messagesKey = (websiteToken: string, session: Pick<WidgetSession, "sourceId" | "conversationId">) =>
  ["widget-messages", websiteToken, session.sourceId, session.conversationId] as const;

const nobody: readonly Typer[] = [];

/**
 * The visitor's live stream (GET /public/api/v1/live with the session's pubsub token): replies
 * and their changes are fetched as they happen (the closed chat's button counts them too), and
 * the venue's typing is shown. Nothing without a session: there is nothing to hear yet.
 */
const useWidgetLive = (token: string | null, onStale: (stale: Stale[]) => void) => {
  const [store] = useState(createLiveStore);
  const latest = useRef(onStale);
  useEffect(() => {
    latest.current = onStale;
  });
  useEffect(() => {
    if (!token) return;
    const batch = batcher<Stale>((items) => latest.current(items), LIVE_BATCH_MS);
    const close = openLiveStream(`/public/api/v1/live?pubsub_token=${encodeURIComponent(token)}`, (frame) => {
      store.receive(frame);
      batch.add(staleAfter(frame));
    });
    return () => {
      close();
      batch.cancel();
      store.close();
    };
  }, [store, token]);
  return store;
};

/** The venue's people typing in the visitor's conversation (not the visitor). */
const useVenueTyping = (store: LiveStore, conversationId: number | null) =>
  useSyncExternalStore(
    store.watch,
    () => (conversationId === null ? nobody : (store.typing().get(conversationId) ?? nobody)),
    () => nobody,
  ).filter((typer) => typer.type !== "contact");

const echoId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** What Chatwoot's widget tells about its opening (`event_info`); the server adds the browser. */
const openingInfo = (openedAt: Date) => ({
  initiated_at: { timestamp: openedAt.toISOString() },
  referer: document.referrer || null,
  widget_language: document.documentElement.lang || null,
  browser_language: navigator.language || null,
});

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit" });

type Earlier = { conversationId: number; messages: WidgetMessage[]; more: boolean };

const ChatWindow = ({ websiteToken, settings }: ChatProps) => {
  const queryClient = useQueryClient();
  const framed = useFramed();
  const hostKeeps = useHostKeeps();
  const [hostOpen, setHostOpen] = useState(false);
  const open = !framed || hostOpen;

  const key = sessionKey(websiteToken);
  const raw = useSyncExternalStore(
    subscribeStored,
    () => readStored(key),
    () => null,
  );
  const session = useMemo(() => readSession(raw), [raw]);
  const saveSession = (next: WidgetSession | null) => writeStored(key, next ? writeSession(next) : null);

  const [draft, setDraft] = useState("");
  const [pending, setPending] = useState<PendingMessage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [earlier, setEarlier] = useState<Earlier | null>(null);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const composer = useRef<HTMLTextAreaElement>(null);
  const list = useRef<HTMLDivElement>(null);

  const query = useQuery({
    queryKey: session ? messagesKey(websiteToken, session) : ["widget-messages", websiteToken, "none"],
    enabled: session !== null,
    queryFn: async () => {
      const outcome = await attempt(() => loadWidgetMessages(websiteToken, session!.sourceId, session!.conversationId, null));
      if (outcome.ok) return outcome.messages;
      // The conversation is gone (the inbox was emptied): the next message starts a new one.
      if (outcome.code === "not_found") writeStored(key, null);
      throw new Error(outcome.message);
    },
  });

  const sourceId = session?.sourceId ?? null;
  const conversationId = session?.conversationId ?? null;
  const live = useWidgetLive(session?.pubsubToken ?? null, (stale) => {
    if (stale.some((target) => target.kind === "everything" || (target.kind === "messages" && target.id === conversationId))) {
      void queryClient.invalidateQueries({ queryKey: ["widget-messages", websiteToken] });
    }
  });
  const venueTyping = useVenueTyping(live, conversationId);
  // An inbox that answers as the business types as the business too.
  const typingNote = typingSentence([...new Set(venueTyping.map((typer) => (settings.professional ? settings.venueName : typer.name)))]);
  const typing = useMemo(
    () =>
      sourceId !== null && conversationId !== null
        ? typingSignal((on) => void attempt(() => widgetTyping(websiteToken, sourceId, conversationId, on)))
        : null,
    [sourceId, conversationId, websiteToken],
  );
  useEffect(() => () => typing?.stop(), [typing]);

  const older = session && earlier?.conversationId === session.conversationId ? earlier : null;
  const messages = useMemo(() => (session ? mergeMessages(older?.messages ?? [], query.data ?? []) : []), [session, older, query.data]);
  const canLoadEarlier = older ? older.more : (query.data?.length ?? 0) >= messagePageSize;
  const newest = newestId(messages);
  const unread = open || !session ? 0 : unreadReplies(messages, session.seenId);

  useEffect(() => {
    if (!framed) return;
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window.parent) return;
      const command = hostCommand(event.data);
      if (!command) return;
      // The host page's copy of the session counts only when we asked for it.
      if (command.kind === "session") {
        if (hostKeeps) adoptHostCopy(key, command.value);
        return;
      }
      setHostOpen(command.kind === "opened");
      // A pointer and keyboard: straight to typing. On touch screens that would throw up the keyboard.
      if (command.kind === "opened" && window.matchMedia("(pointer: fine)").matches) composer.current?.focus();
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [framed, hostKeeps, key]);

  useEffect(() => {
    if (!hostKeeps) return;
    relayTo((_, value) => window.parent.postMessage({ type: widgetEvents.store, value }, "*"));
    return () => relayTo(null);
  }, [hostKeeps]);

  // The host page shows the button once it knows the inbox exists, in the inbox's colour.
  useEffect(() => {
    if (!framed) return;
    window.parent.postMessage(
      { type: widgetEvents.ready, available: true, color: settings.color, foreground: settings.foreground, title: settings.title, keepSession: hostKeeps },
      "*",
    );
  }, [framed, hostKeeps, settings.color, settings.foreground, settings.title]);

  useEffect(() => {
    if (framed) window.parent.postMessage({ type: widgetEvents.unread, count: unread }, "*");
  }, [framed, unread]);

  // Replies shown in the open chat are seen: remembered here, and read for the agents.
  useEffect(() => {
    if (!open || !session || newest <= session.seenId) return;
    const replies = unreadReplies(messages, session.seenId);
    writeStored(key, writeSession({ ...session, seenId: newest }));
    if (replies > 0) void attempt(() => markWidgetSeen(websiteToken, session.sourceId, session.conversationId));
  }, [open, session, newest, messages, key, websiteToken]);

  // Each opening is a webwidget_triggered for the venue's webhooks and bot. A visitor without a
  // session yet is reported by the first message, which starts one.
  const openedAt = useRef<Date | null>(null);
  const reported = useRef(false);
  useEffect(() => {
    if (!open) {
      openedAt.current = null;
      reported.current = false;
      return;
    }
    openedAt.current ??= new Date();
    if (!session || reported.current) return;
    reported.current = true;
    void attempt(() => widgetTriggered(websiteToken, session.sourceId, openingInfo(openedAt.current ?? new Date())));
  }, [open, session, websiteToken]);

  // New messages (and opening the chat) scroll to the latest; loading earlier ones does not.
  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [newest, pending, open, typingNote]);

  const requestClose = () => window.parent.postMessage({ type: widgetEvents.requestClose }, "*");

  const deliver = async (content: string, echo: string) => {
    if (session) {
      const sent = await attempt(() => sendWidgetMessage(websiteToken, session.sourceId, session.conversationId, content, echo));
      if (sent.ok) {
        queryClient.setQueryData<WidgetMessage[]>(messagesKey(websiteToken, session), (old) => mergeMessages(old ?? [], [sent.message]));
        return sent;
      }
      if (sent.code !== "not_found") return sent;
    }
    const started = await attempt(() => startWidgetChat(websiteToken, content, echo, openingInfo(openedAt.current ?? new Date())));
    if (started.ok) {
      reported.current = true;
      const next: WidgetSession = {
        sourceId: started.session.source_id,
        pubsubToken: started.session.pubsub_token,
        conversationId: started.session.conversation_id,
        seenId: started.message.id,
      };
      queryClient.setQueryData<WidgetMessage[]>(messagesKey(websiteToken, next), [started.message]);
      saveSession(next);
    }
    return started;
  };

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    const content = draft.trim();
    if (!content || pending !== null) return;
    typing?.stop();
    setPending({ content, after: newest });
    setDraft("");
    setError(null);
    const outcome = await deliver(content, echoId());
    setPending(null);
    if (!outcome.ok) {
      setError(outcome.message);
      setDraft((current) => current || content);
    }
  };

  const onComposerKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) void send(event);
  };

  const loadEarlier = async () => {
    if (!session || loadingEarlier) return;
    setLoadingEarlier(true);
    const outcome = await attempt(() => loadWidgetMessages(websiteToken, session.sourceId, session.conversationId, messages[0]?.id ?? null));
    setLoadingEarlier(false);
    if (!outcome.ok) {
      setError(outcome.message);
      return;
    }
    setEarlier({
      conversationId: session.conversationId,
      messages: mergeMessages(older?.messages ?? [], outcome.messages),
      more: outcome.messages.length >= messagePageSize,
    });
  };

  const accent = { backgroundColor: settings.color, color: settings.foreground };

  return (
    <div
      className="flex h-dvh flex-col bg-white text-slate-900"
      onKeyDown={(event) => {
        if (event.key === "Escape" && framed) requestClose();
      }}
    >
      <header className="flex items-start gap-3 px-5 pt-5 pb-4" style={accent}>
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-xl leading-tight font-bold">{settings.title}</h1>
          <p className="mt-1 text-sm">{settings.subtitle}</p>
        </div>
        {framed ? (
          <button
            type="button"
            onClick={requestClose}
            aria-label="Close chat"
            className="-mt-1 -mr-2 flex size-9 shrink-0 items-center justify-center rounded-full hover:bg-black/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current"
          >
            <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" aria-hidden="true" className="size-5">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        ) : null}
      </header>

      {settings.away ? (
        <p className="border-b border-amber-200 bg-amber-50 px-5 py-2.5 text-sm text-amber-900" role="status">
          {settings.away}
        </p>
      ) : null}

      <div ref={list} className="flex-1 overflow-y-auto bg-slate-50 px-4 py-4">
        {canLoadEarlier ? (
          <div className="mb-3 text-center">
            <button
              type="button"
              onClick={loadEarlier}
              disabled={loadingEarlier}
              className="rounded-full px-3 py-1 text-xs font-medium text-slate-600 ring-1 ring-slate-300 hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60"
            >
              {loadingEarlier ? "Loading…" : "Show earlier messages"}
            </button>
          </div>
        ) : null}
        <ol role="log" aria-label="Conversation" aria-live="polite" className="space-y-3">
          {settings.greeting ? (
            <Bubble from="venue" author={settings.venueName} accent={accent}>
              {settings.greeting}
            </Bubble>
          ) : null}
          {messages.map((message) => (
            <Bubble key={message.id} from={message.from} author={message.author} accent={accent} time={message.createdAt}>
              {message.content || (message.attachments > 0 ? "Sent an attachment" : "")}
            </Bubble>
          ))}
          {pending !== null && stillSending(pending, messages) ? (
            <Bubble from="visitor" author={null} accent={accent} note="Sending…">
              {pending.content}
            </Bubble>
          ) : null}
        </ol>
        <p role="status" className={typingNote ? "mt-3 px-1 text-xs text-slate-500 italic" : "sr-only"}>
          {typingNote}
        </p>
        {!settings.greeting && messages.length === 0 && pending === null ? (
          <p className="mt-6 px-4 text-center text-sm text-slate-500">Send us a message and we&apos;ll answer right here.</p>
        ) : null}
      </div>

      <form onSubmit={send} className="border-t border-slate-200 bg-white px-3 py-3">
        {error ? (
          <p role="alert" className="mb-2 px-1 text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <div className="flex items-end gap-2">
          <textarea
            ref={composer}
            aria-label="Message"
            placeholder="Type your message…"
            rows={1}
            value={draft}
            onChange={(event) => {
              setDraft(event.target.value);
              if (event.target.value === "") typing?.stop();
              else typing?.keystroke(undefined);
            }}
            onKeyDown={onComposerKey}
            className="field-sizing-content max-h-32 min-h-11 flex-1 resize-none rounded-2xl border border-slate-300 bg-white px-4 py-2.5 text-base text-slate-900 placeholder:text-slate-400 focus:border-slate-400 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 sm:text-sm"
          />
          <button
            type="submit"
            aria-label="Send"
            disabled={pending !== null}
            style={accent}
            className="flex size-11 shrink-0 items-center justify-center rounded-full shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60"
          >
            <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className="size-5">
              <path d="M4 12l16-8-6 16-2.5-6.5L4 12z" />
            </svg>
          </button>
        </div>
      </form>
    </div>
  );
};

const Bubble = ({
  from,
  author,
  accent,
  time,
  note,
  children,
}: {
  from: WidgetMessage["from"];
  author: string | null;
  accent: { backgroundColor: string; color: string };
  time?: number;
  note?: string;
  children: string;
}) => {
  const visitor = from === "visitor";
  const stamp = time ? timeFormat.format(new Date(time * 1000)) : null;
  return (
    <li className={cn("flex flex-col", visitor ? "items-end" : "items-start")}>
      <span className="sr-only">{visitor ? "You" : (author ?? "Venue")}: </span>
      {!visitor && author ? (
        <span aria-hidden="true" className="mb-1 px-1 text-xs font-medium text-slate-500">
          {author}
        </span>
      ) : null}
      <p
        style={visitor ? accent : undefined}
        className={cn(
          "max-w-[85%] rounded-2xl px-3.5 py-2 text-sm break-words whitespace-pre-wrap",
          visitor ? "rounded-br-md" : "rounded-bl-md bg-white text-slate-900 shadow-sm ring-1 ring-slate-200",
        )}
      >
        {children}
      </p>
      {note || stamp ? <span className="mt-1 px-1 text-[11px] text-slate-500">{note ?? stamp}</span> : null}
    </li>
  );
};
