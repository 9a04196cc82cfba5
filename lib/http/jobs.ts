import { getDb } from "@/db/client";
import { pruneSignInFailures } from "@/lib/auth/sign-in-guard";
import { logFailure } from "@/lib/log";
import { oauthMaintenance } from "@/lib/oauth/jobs";
import { pruneRateLimitCounters } from "./rate-limit";

const pruneEveryMs = 5 * 60_000;

/**
 * Every five minutes: rate-limit windows that have ended, sign-in failures no policy looks at any
 * more, and the OAuth server's key rotation and spent codes and tokens.
 */
export const startSecurityJobs = () => {
  const prune = () =>
    Promise.all([pruneRateLimitCounters(getDb()), pruneSignInFailures(getDb()), oauthMaintenance(getDb())]).catch((error: unknown) => {
      logFailure({ where: "pruning rate-limit counters" }, error);
    });
  setInterval(() => void prune(), pruneEveryMs).unref();
  void prune();
};
