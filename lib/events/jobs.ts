import { getDb } from "@/db/client";
import { logFailure } from "@/lib/log";
import { dispatchDue } from "./dispatch";
import { pruneEvents } from "./prune";
import { deliveriesChannel } from "./record";

/**
 * Due deliveries are looked for this often (one query on a partial index when there are none):
 * retries fall due without a notification, and a lost one costs at most this long.
 */
const dispatchEveryMs = 1_000;
const pruneEveryMs = 5 * 60_000;

/**
 * The event dispatcher and the pruning of old events. Any number of processes may run them on
 * one database (claims use SKIP LOCKED). `stop()` stops claiming and waits for the run in flight.
 */
export const startEventJobs = () => {
  let running: Promise<unknown> | null = null;
  let again = false;
  let stopped = false;
  const dispatch = () => {
    if (stopped) return;
    // A slow receiver must not pile runs up in one process; what arrived meanwhile gets a run after.
    if (running) {
      again = true;
      return;
    }
    running = dispatchDue(getDb())
      .catch((error: unknown) => logFailure({ where: "event dispatcher" }, error))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          dispatch();
        }
      });
  };
  // New deliveries notify at commit (./record.ts); postgres.js listens on a connection of its own and listens again after a reconnect.
  const listening = getDb()
    .$client.listen(deliveriesChannel, dispatch)
    .catch((error: unknown) => {
      logFailure({ where: "listening for new events" }, error);
      return null;
    });
  const prune = () => pruneEvents(getDb()).catch((error: unknown) => logFailure({ where: "pruning events" }, error));
  const timers = [setInterval(dispatch, dispatchEveryMs).unref(), setInterval(() => void prune(), pruneEveryMs).unref()];
  dispatch();
  void prune();
  return {
    stop: async () => {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await (await listening)?.unlisten();
      await running;
    },
  };
};
