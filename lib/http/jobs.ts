import { getDb } from "@/db/client";
import { pruneSignInFailures } from "@/lib/auth/sign-in-guard";
import { logFailure } from "@/lib/log";
import { pruneRateLimitCounters } from "./rate-limit";

const pruneEveryMs = 5 * 60_000;

/** Every five minutes: rate-limit windows that have ended and sign-in failures no policy looks at any more. */
export const startSecurityJobs = () => {
  const prune = () =>
    Promise.all([pruneRateLimitCounters(getDb()), pruneSignInFailures(getDb())]).catch((error: unknown) => {
      logFailure({ where: "pruning rate-limit counters" }, error);
    });
  setInterval(() => void prune(), pruneEveryMs).unref();
  void prune();
};
