"use client";

/*
 * The visitor's chat session, read with useSyncExternalStore. It lives in localStorage on our
 * origin. A browser that refuses storage to frames of another site (third-party storage
 * blocked: private windows, strict tracking protection) gets it in memory instead, and the
 * chat asks the script on the venue's page to keep a copy in that page's own storage
 * (`relayTo`), so the next page of the site continues the conversation there too.
 */

const memory = new Map<string, string>();
const listeners = new Set<() => void>();
let relay: ((key: string, value: string | null) => void) | null = null;
let ownStorage: Storage | null | undefined;

/** Our origin's localStorage when the browser lets this frame use it, else null (probed once). */
const storage = (): Storage | null => {
  if (ownStorage !== undefined) return ownStorage;
  try {
    const probe = "venuedesk.probe";
    window.localStorage.setItem(probe, "1");
    window.localStorage.removeItem(probe);
    ownStorage = window.localStorage;
  } catch {
    ownStorage = null;
  }
  return ownStorage;
};

export const hasOwnStorage = () => storage() !== null;

export const readStored = (key: string): string | null => {
  const store = storage();
  if (!store) return memory.get(key) ?? null;
  try {
    return store.getItem(key);
  } catch {
    return memory.get(key) ?? null;
  }
};

const notify = () => {
  for (const listener of listeners) listener();
};

/** Keeps (or, with null, forgets) the session, and hands it to the host page when that keeps it. */
export const writeStored = (key: string, value: string | null) => {
  if (value === null) memory.delete(key);
  else memory.set(key, value);
  try {
    const store = storage();
    if (value === null) store?.removeItem(key);
    else store?.setItem(key, value);
  } catch {
    // Storage full or refused after all: the session lives in memory for this page.
  }
  relay?.(key, value);
  notify();
};

/** What the host page kept for us: taken as ours, and not sent back. */
export const adoptHostCopy = (key: string, value: string | null) => {
  if (value === null) memory.delete(key);
  else memory.set(key, value);
  notify();
};

/** From now on every change is also sent to the host page (null: stop). */
export const relayTo = (send: ((key: string, value: string | null) => void) | null) => {
  relay = send;
};

/** Changes from this page, and from other tabs of the same site (the storage event). */
export const subscribeStored = (listener: () => void) => {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
};
