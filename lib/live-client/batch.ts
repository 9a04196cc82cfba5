/* Timing helpers of the live client, free of React and the network so tests can drive them. */

/** The clock and timers, handed in so tests can drive them. */
export type Timers = {
  now: () => number;
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

export const browserTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** How long frames are gathered before a screen refetches: a burst causes one refetch per query. */
export const LIVE_BATCH_MS = 250;

/**
 * Collects items and hands them over once, `wait` ms after the first of a burst, so a burst of
 * frames causes one refetch per query and no frame waits longer than `wait`.
 */
export const batcher = <T>(flush: (items: T[]) => void, wait: number, timers: Pick<Timers, "setTimeout" | "clearTimeout"> = browserTimers) => {
  let items: T[] = [];
  let timer: unknown = null;
  return {
    add: (more: readonly T[]) => {
      if (more.length === 0) return;
      items.push(...more);
      timer ??= timers.setTimeout(() => {
        const batch = items;
        items = [];
        timer = null;
        flush(batch);
      }, wait);
    },
    cancel: () => {
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
      items = [];
    },
  };
};
