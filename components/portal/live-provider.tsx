"use client";

import { createContext, useCallback, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { LIVE_BATCH_MS, batcher } from "@/lib/live-client/batch";
import { staleAfter, uniqueStale, type LiveFrame, type Presence, type Stale } from "@/lib/live-client/frames";
import { createLiveStore, type LiveStore } from "@/lib/live-client/store";
import { openLiveStream } from "@/lib/live-client/stream";
import type { Typer } from "@/lib/live-client/typing";
import { useOnlineRefresh } from "./use-online-refresh";

/*
 * The portal's one live connection (GET /app/live), opened by the account's layout. Screens
 * subscribe to its frames: the inbox, the calendar and the quote editor refetch their queries,
 * the event page refreshes its server-rendered part. Typing and presence are kept here and read
 * with hooks. After a reset (or a reconnect) everything shown is fetched again: each screen's
 * queries through `useLiveStale`, the server-rendered pages by a router refresh.
 */

const LiveContext = createContext<LiveStore | null>(null);

const useStore = () => {
  const store = useContext(LiveContext);
  if (!store) throw new Error("live updates used outside LiveProvider");
  return store;
};

/**
 * Calls `start` once the page has loaded and its main thread has gone idle (within a second of
 * loading at the latest); answers the function that cancels the wait. The screens inside Suspense
 * boundaries (a route's loading.tsx) hydrate after the layout that opens the stream: a frame that
 * came before they listened would be lost to them, and the calendar, say, would keep a booking made
 * meanwhile off the screen. The stream asks for everything since the render, so waiting loses nothing.
 */
const whenSettled = (start: () => void) => {
  let cancelWait = () => {};
  const loaded = () => {
    // Safari has no requestIdleCallback: the next task there.
    if (typeof requestIdleCallback === "function") {
      const idle = requestIdleCallback(start, { timeout: 1_000 });
      cancelWait = () => cancelIdleCallback(idle);
    } else {
      const timer = setTimeout(start, 0);
      cancelWait = () => clearTimeout(timer);
    }
  };
  if (document.readyState === "complete") loaded();
  else window.addEventListener("load", loaded, { once: true });
  return () => {
    window.removeEventListener("load", loaded);
    cancelWait();
  };
};

/**
 * `since`: the last event sequenced when the layout rendered; the first connection asks for what
 * came after it, so nothing between the render and the connection is missed.
 */
export const LiveProvider = ({ accountId, since, children }: { accountId: number; since: number; children: ReactNode }) => {
  const [store] = useState(createLiveStore);
  // Stable across renders: the stream stays open across renders and navigations.
  const refresh = useOnlineRefresh();

  // The render's cursor, read once: a later refresh re-renders the layout but keeps this stream.
  const [renderedAt] = useState(since);
  useEffect(() => {
    const query = new URLSearchParams({ account_id: String(accountId), ...(renderedAt > 0 ? { last_event_id: String(renderedAt) } : {}) });
    let close: (() => void) | null = null;
    const cancel = whenSettled(() => {
      close = openLiveStream(`/app/live?${query}`, (frame) => {
        store.receive(frame);
        if (frame.event === "reset") refresh();
      });
    });
    return () => {
      cancel();
      close?.();
      store.close();
    };
  }, [accountId, renderedAt, store, refresh]);

  return <LiveContext.Provider value={store}>{children}</LiveContext.Provider>;
};

/** Calls `handler` with every frame `filter` accepts, for as long as the component is mounted. */
export const useLiveEvent = (filter: (frame: LiveFrame) => boolean, handler: (frame: LiveFrame) => void) => {
  const store = useStore();
  const latest = useRef({ filter, handler });
  useEffect(() => {
    latest.current = { filter, handler };
  });
  useEffect(
    () =>
      store.listen((frame) => {
        if (latest.current.filter(frame)) latest.current.handler(frame);
      }),
    [store],
  );
};

const everyFrame = () => true;

/**
 * Calls `onStale` with what the frames of the last moment made stale (each target once), at most
 * once per LIVE_BATCH_MS: the screen turns it into refetches.
 */
export const useLiveStale = (onStale: (stale: Stale[]) => void) => {
  const latest = useRef(onStale);
  const batch = useRef<ReturnType<typeof batcher<Stale>> | null>(null);
  useEffect(() => {
    latest.current = onStale;
  });
  useEffect(() => {
    const current = batcher<Stale>((items) => latest.current(uniqueStale(items)), LIVE_BATCH_MS);
    batch.current = current;
    return () => current.cancel();
  }, []);
  useLiveEvent(everyFrame, (frame) => batch.current?.add(staleAfter(frame)));
};

const nobody: readonly Typer[] = [];

/** Who is typing in the conversation now (their "on" not yet run out). */
export const useTypers = (conversationId: number) => {
  const store = useStore();
  return useSyncExternalStore(
    store.watch,
    () => store.typing().get(conversationId) ?? nobody,
    () => nobody,
  );
};

/** An agent's presence: the latest presence_update, else what the page loaded. */
export const usePresence = () => {
  const store = useStore();
  const known = useSyncExternalStore(store.watch, store.presence, store.presence);
  return useCallback((userId: number, loaded: Presence) => known.get(userId) ?? loaded, [known]);
};
