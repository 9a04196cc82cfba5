import { applyPresence, type LiveFrame, type Presence } from "./frames";
import { applyTyping, nextExpiry, pruneTyping, type TypingState } from "./typing";

/*
 * What a page keeps of its live stream between frames: who is typing where (forgotten when their
 * "on" runs out) and the agents' presence, read with useSyncExternalStore (`watch` + getters),
 * and the frames handed on to whoever listens. The portal's provider and the website chat each
 * keep one.
 */

type Listener = (frame: LiveFrame) => void;

export const createLiveStore = () => {
  const listeners = new Set<Listener>();
  const watchers = new Set<() => void>();
  let typing: TypingState = new Map();
  let presence: ReadonlyMap<number, Presence> = new Map();
  let expiry: ReturnType<typeof setTimeout> | null = null;

  const changed = () => {
    for (const watcher of watchers) watcher();
  };

  // "… is typing" goes away by itself when its "on" runs out.
  const scheduleExpiry = () => {
    if (expiry !== null) clearTimeout(expiry);
    expiry = null;
    const at = nextExpiry(typing);
    if (at === null) return;
    expiry = setTimeout(
      () => {
        typing = pruneTyping(typing, Date.now());
        scheduleExpiry();
        changed();
      },
      Math.max(0, at - Date.now()),
    );
  };

  return {
    receive: (frame: LiveFrame) => {
      const nextTyping = applyTyping(typing, frame, Date.now());
      const nextPresence = applyPresence(presence, frame);
      if (nextTyping !== typing || nextPresence !== presence) {
        typing = nextTyping;
        presence = nextPresence;
        scheduleExpiry();
        changed();
      }
      for (const listener of listeners) listener(frame);
    },
    listen: (listener: Listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    watch: (watcher: () => void) => {
      watchers.add(watcher);
      return () => void watchers.delete(watcher);
    },
    typing: () => typing,
    presence: () => presence,
    /** The stream closed: what it said no longer holds (another account or session may come next). */
    close: () => {
      if (expiry !== null) clearTimeout(expiry);
      expiry = null;
      typing = new Map();
      presence = new Map();
      changed();
    },
  };
};

export type LiveStore = ReturnType<typeof createLiveStore>;
