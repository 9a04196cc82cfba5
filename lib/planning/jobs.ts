import { getDb } from "@/db/client";
import { logFailure } from "@/lib/log";
import { sweepExpiredHolds } from "./allocations/sweep-expired-holds";

const sweepEveryMs = 60_000;

/**
 * The hold sweeper: once a minute, lapsed holds are marked `expired`. (They stop counting at
 * their `expires_at` regardless; several app instances sweeping at once is harmless.)
 */
export const startPlanningJobs = () => {
  const sweep = () =>
    sweepExpiredHolds(getDb()).catch((error: unknown) => {
      logFailure({ where: "sweeping expired holds" }, error);
    });
  setInterval(sweep, sweepEveryMs).unref();
  void sweep();
};
