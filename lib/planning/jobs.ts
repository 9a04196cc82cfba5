import { getDb } from "@/db/client";
import { sweepExpiredHolds } from "./allocations/sweep-expired-holds";

const sweepEveryMs = 60_000;

/**
 * The hold sweeper: once a minute, lapsed holds are marked `expired`. (They stop counting at
 * their `expires_at` regardless; several app instances sweeping at once is harmless.)
 */
export const startPlanningJobs = () => {
  const sweep = () =>
    sweepExpiredHolds(getDb()).catch((error: unknown) => {
      console.error("[planning] sweeping expired holds failed", error);
    });
  setInterval(sweep, sweepEveryMs).unref();
  void sweep();
};
