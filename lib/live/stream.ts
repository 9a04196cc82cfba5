import type { Db } from "@/db/client";
import { ApiError } from "@/lib/http/errors";
import { hears, type Viewer } from "./audience";
import { cursorFrame, eventFrame, pingFrame, resetFrame, retryFrame, type LiveEvent } from "./frame";
import type { Hub, Subscriber } from "./hub";
import { readEvents, seqStored } from "./read";

/** How long a client waits before reconnecting. */
const retryMs = 2_000;
/** More missed events than this are not replayed: the client is told to refetch (`reset`). */
export const replayLimit = 1_000;
/** How often a stream reloads what its viewer may see (inbox memberships, roles, accounts). */
export const viewerReloadMs = 60_000;

/** `LIVE_HEARTBEAT_SECONDS` (20): the `: ping` comment's period. */
const heartbeatMs = () => Math.max(1, Number(process.env.LIVE_HEARTBEAT_SECONDS) || 20) * 1000;

const headers = {
  "Content-Type": "text/event-stream; charset=utf-8",
  // no-transform keeps compression (Next.js's, a proxy's) from buffering the stream.
  "Cache-Control": "no-cache, no-transform",
  "X-Accel-Buffering": "no",
};

/** `Last-Event-ID` (EventSource sends it on reconnect) or `?last_event_id=`; anything but a whole number is none. */
export const lastEventIdOf = (request: Request, query?: number) => {
  const header = request.headers.get("last-event-id")?.trim();
  if (header && /^\d{1,15}$/.test(header)) return Number(header);
  return query ?? null;
};

/**
 * What the client missed between `last` and `upTo` that the viewer hears, or `"reset"` when that
 * cannot be told exactly: the event it last saw was pruned (older than EVENT_RETENTION_DAYS, or
 * an id that never was), or more than `replayLimit` events came since.
 */
export const replayEvents = async (db: Db, viewer: Viewer, last: number, upTo: number): Promise<LiveEvent[] | "reset"> => {
  if (last === 0) return upTo === 0 ? [] : "reset";
  if (!(await seqStored(db, last))) return "reset";
  // Nothing since, or ahead of this hub (it saw the event on another instance): what follows comes live.
  if (last >= upTo) return [];
  const accountIds = viewer.kind === "user" ? [...viewer.accounts.keys()] : [viewer.accountId];
  const missed = await readEvents(db, { after: last, upTo, accountIds, limit: replayLimit + 1 });
  if (missed.length > replayLimit) return "reset";
  return missed.filter((event) => hears(viewer, event));
};

export type StreamOptions = {
  db: Db;
  hub: Hub;
  viewer: Viewer;
  lastEventId: number | null;
  signal: AbortSignal;
  /** Reloads the viewer every `viewerReloadMs`; a user who can see no account any more is disconnected. */
  reload?: () => Promise<Viewer>;
  /** State frames sent after connecting (the accounts' presence). */
  initial?: () => Promise<string[]>;
};

/**
 * The text/event-stream response: `retry`, then what was missed (or `reset`), then every event
 * the viewer hears as it is sequenced, with a `: ping` comment every LIVE_HEARTBEAT_SECONDS.
 * Ends when the client goes (request.signal) or the hub stops.
 */
export const liveResponse = async (options: StreamOptions): Promise<Response> => {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  const timers: NodeJS.Timeout[] = [];
  let unsubscribe = () => {};
  /** The highest seq the client has (sent, or given by a cursor frame): nothing at or below it is sent again. */
  let sentUpTo = 0;
  /** Live events that arrive while the replay is read wait here, so the order stays seq order. */
  let waiting: LiveEvent[] | null = [];

  const close = () => {
    if (closed) return;
    closed = true;
    for (const timer of timers) clearInterval(timer);
    unsubscribe();
    try {
      controller.close();
    } catch {
      // Already closed by the client.
    }
  };
  const write = (text: string) => {
    if (closed) return;
    try {
      controller.enqueue(encoder.encode(text));
    } catch {
      close();
    }
  };
  const send = (event: LiveEvent) => {
    if (event.seq <= sentUpTo) return;
    sentUpTo = event.seq;
    write(eventFrame(event));
  };

  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
    cancel: close,
  });
  const subscriber: Subscriber = {
    viewer: options.viewer,
    deliver: (event) => (waiting ? waiting.push(event) : send(event)),
    end: close,
  };
  const subscription = await options.hub.subscribe(subscriber);
  if (!subscription) throw new ApiError("unavailable", "The server is restarting; reconnect");
  unsubscribe = subscription.unsubscribe;
  options.signal.addEventListener("abort", close, { once: true });
  if (options.signal.aborted) close();

  try {
    write(retryFrame(retryMs));
    const { cursor } = subscription;
    const last = options.lastEventId;
    const replay = last === null ? [] : await replayEvents(options.db, options.viewer, last, cursor);
    if (replay === "reset") write(resetFrame);
    else {
      sentUpTo = last ?? 0;
      for (const event of replay) send(event);
    }
    if (cursor > sentUpTo) {
      sentUpTo = cursor;
      write(cursorFrame(cursor));
    }
    for (const frame of (await options.initial?.()) ?? []) write(frame);
    for (const event of waiting) send(event);
    waiting = null;
  } catch (error) {
    close();
    throw error;
  }

  timers.push(setInterval(() => write(pingFrame), heartbeatMs()).unref());
  const reload = options.reload;
  if (reload) {
    timers.push(
      setInterval(() => {
        reload()
          .then((viewer) => {
            subscriber.viewer = viewer;
            if (viewer.kind === "user" && viewer.accounts.size === 0) close();
          })
          .catch(() => {
            // Kept as it was: the next reload tries again.
          });
      }, viewerReloadMs).unref(),
    );
  }
  return new Response(body, { headers });
};
