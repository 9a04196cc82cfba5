import { getDb, type Db } from "@/db/client";
import { markAbsent, markPresent, sweepPresence } from "@/lib/agents/presence";
import { recordedChannel } from "@/lib/events/record";
import { liveChannel, sequenceAll } from "@/lib/events/sequencer";
import { logFailure } from "@/lib/log";
import { hears, type Viewer } from "./audience";
import type { LiveEvent } from "./frame";
import { latestSeq, readEvents } from "./read";

/** One open stream of this process. */
export type Subscriber = {
  /** Reloaded by the stream itself (lib/live/stream.ts); the hub reads it at each event. */
  viewer: Viewer;
  /** Each event the viewer hears, in seq order. */
  deliver: (event: LiveEvent) => void;
  /** Ends the stream (this process is stopping). */
  end: () => void;
};

export type Hub = ReturnType<typeof createHub>;

/** Notifications can be lost (a reconnect of the listening connection): the hub looks this often anyway. */
const tickMs = 1_000;
/** How often open streams refresh their users' presence, and stale presence is swept. */
const presenceEveryMs = 20_000;
const readBatch = 1_000;
/** Another process was sequencing, perhaps from before our event committed: look again after this. */
const busyRetryMs = 100;

/**
 * `work` one run at a time; asked while it runs, it runs once more after, for what arrived
 * meanwhile. `idle()` waits for the run in flight.
 */
export const serially = (work: () => Promise<unknown>, where: string) => {
  let running: Promise<unknown> | null = null;
  let again = false;
  const run = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = work()
      .catch((error: unknown) => logFailure({ where }, error))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const idle = async () => {
    while (running) await running;
  };
  return { run, idle };
};

/**
 * The live fan-out of one process. It LISTENs on `vd_live` (the sequencer's notify), reads the
 * new events once (`seq > cursor`) and hands each to the local streams whose viewer hears it
 * (lib/live/audience.ts). It also runs the sequencer (on every `vd_recorded` notify and each
 * second; any number of processes may) and keeps the presence of its streams' users.
 */
export const createHub = (db: Db) => {
  const subscribers = new Set<Subscriber>();
  /** Open portal streams per user id, here. */
  const streams = new Map<number, number>();
  let cursor = 0;
  let stopped = false;
  /** Presence writes of streams that closed, awaited by stop(). */
  const departures = new Set<Promise<unknown>>();

  const pull = serially(async () => {
    while (!stopped) {
      const batch = await readEvents(db, { after: cursor, limit: readBatch });
      // The cursor moves with the fan-out, synchronously: a stream that subscribes between two
      // events gets exactly those after the cursor it was told (see subscribe).
      for (const event of batch) {
        cursor = event.seq;
        for (const subscriber of subscribers) if (hears(subscriber.viewer, event)) subscriber.deliver(event);
      }
      if (batch.length < readBatch) return;
    }
  }, "live hub");

  const sequence = serially(async () => {
    if (stopped) return;
    const run = await sequenceAll(db);
    if (run === "busy" && !stopped) setTimeout(sequence.run, busyRetryMs).unref();
  }, "sequencing events");

  const presence = serially(async () => {
    if (stopped) return;
    await markPresent(db, [...streams.keys()]);
    await sweepPresence(db);
  }, "presence");

  let timers: NodeJS.Timeout[] = [];
  const started = (async () => {
    cursor = await latestSeq(db);
    // postgres.js listens on a connection of its own and listens again after a reconnect (onlisten: catch up then).
    const listeners = await Promise.all([
      db.$client.listen(liveChannel, pull.run, pull.run),
      db.$client.listen(recordedChannel, sequence.run, sequence.run),
    ]);
    timers = [
      setInterval(() => {
        sequence.run();
        pull.run();
      }, tickMs).unref(),
      setInterval(presence.run, presenceEveryMs).unref(),
    ];
    return listeners;
  })();

  const leave = (subscriber: Subscriber) => {
    if (!subscribers.delete(subscriber) || subscriber.viewer.kind !== "user") return;
    const userId = subscriber.viewer.userId;
    const open = (streams.get(userId) ?? 1) - 1;
    if (open > 0) {
      streams.set(userId, open);
      return;
    }
    streams.delete(userId);
    if (stopped) return;
    const leaving = markAbsent(db, userId)
      .catch((error: unknown) => logFailure({ where: "presence" }, error))
      .finally(() => departures.delete(leaving));
    departures.add(leaving);
  };

  return {
    /** Settles once the hub listens (rejects when it could not start: the database was unreachable). */
    ready: started.then(() => undefined),
    /**
     * Adds a stream. Every event after the returned cursor that its viewer hears is delivered;
     * what came before is the stream's to replay (`seq <= cursor`). Null once the hub stopped.
     */
    subscribe: async (subscriber: Subscriber) => {
      await started;
      if (stopped) return null;
      subscribers.add(subscriber);
      if (subscriber.viewer.kind === "user") {
        const userId = subscriber.viewer.userId;
        streams.set(userId, (streams.get(userId) ?? 0) + 1);
        if (streams.get(userId) === 1) await markPresent(db, [userId]);
      }
      return { cursor, unsubscribe: () => leave(subscriber) };
    },
    /** Portal streams the user has open here (their cap, LIVE_MAX_CONNECTIONS_PER_USER). */
    openStreams: (userId: number) => streams.get(userId) ?? 0,
    /** Ends every stream and stops listening (SIGTERM: clients reconnect to another instance). */
    stop: async () => {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      for (const subscriber of [...subscribers]) subscriber.end();
      subscribers.clear();
      streams.clear();
      await Promise.all((await started.catch(() => [])).map((listener) => listener.unlisten()));
      await Promise.all([pull.idle(), sequence.idle(), presence.idle(), ...departures]);
    },
  };
};

const globalForHub = globalThis as unknown as { venuedeskLiveHub?: Hub; venuedeskStopLive?: () => Promise<void> };

/**
 * This process's hub, started by the first stream (so it runs wherever streams are served:
 * scripts/server.ts, `next start`, tests). scripts/server.ts calls `venuedeskStopLive` on SIGTERM,
 * so its drain does not wait for streams that never finish.
 */
export const liveHub = (): Hub => {
  if (!globalForHub.venuedeskLiveHub) {
    const hub = createHub(getDb());
    globalForHub.venuedeskLiveHub = hub;
    globalForHub.venuedeskStopLive = hub.stop;
    // A hub that could not start (the database was away) is dropped: the next stream starts a new one.
    hub.ready.catch(() => {
      if (globalForHub.venuedeskLiveHub !== hub) return;
      globalForHub.venuedeskLiveHub = undefined;
      globalForHub.venuedeskStopLive = undefined;
      void hub.stop();
    });
  }
  return globalForHub.venuedeskLiveHub;
};
