import { getDb } from "@/db/client";
import { logFailure } from "@/lib/log";
import { notifyExpiringHolds } from "@/lib/notifications/triggers";
import { sweepExpiredHolds } from "./allocations/sweep-expired-holds";

const sweepEveryMs = 60_000;

/**
 * The hold sweeper: once a minute, lapsed holds are marked `expired` (they stop counting at
 * their `expires_at` regardless; several app instances sweeping at once is harmless), and the
 * planners of holds lapsing within a day are notified, once per hold.
 */
export const startPlanningJobs = () => {
  const sweep = async () => {
    await sweepExpiredHolds(getDb()).catch((error: unknown) => {
      logFailure({ where: "sweeping expired holds" }, error);
    });
    await notifyExpiringHolds(getDb()).catch((error: unknown) => {
      logFailure({ where: "notifying of expiring holds" }, error);
    });
  };
  setInterval(() => void sweep(), sweepEveryMs).unref();
  void sweep();
};
