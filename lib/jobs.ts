import { startEventJobs } from "@/lib/events/jobs";
import { startSecurityJobs } from "@/lib/http/jobs";
import { startMailJobs } from "@/lib/mail/jobs";
import { startPlanningJobs } from "@/lib/planning/jobs";

/**
 * Every background job, in the app (BACKGROUND_JOBS=app, the default) or in `npm run worker`.
 * Each is safe to run in several processes at once on one database.
 */
export const startBackgroundJobs = () => {
  startPlanningJobs();
  startMailJobs();
  startSecurityJobs();
  return startEventJobs();
};
