/**
 * Next.js replaces the global `Date` with a wrapper that notices clock reads while it prerenders
 * (`new Date()`, `Date.now()`; node-environment-extensions/date.js). Making a Date from a stored
 * value reads no clock, yet through the wrapper it costs three times as much (about 0.4 µs more a
 * Date, and a page of conversations makes hundreds). The production server keeps the constructor
 * it started with (keepNativeDate, before Next.js loads); rows are decoded with it (db/time.ts).
 * Dates it makes are ordinary Dates: same prototype, `instanceof Date` holds.
 */
const key = Symbol.for("venuedesk.nativeDate");
const store = globalThis as unknown as Record<symbol, DateConstructor | undefined>;

/** Called by scripts/server.ts before it imports Next.js. */
export const keepNativeDate = () => {
  store[key] ??= Date;
};

/** The constructor kept before Next.js wrapped it, else the global one (tests, the worker, scripts). */
export const nativeDate = (): DateConstructor => store[key] ?? Date;
