// Runs once when a Next.js server starts: background jobs of the Node.js runtime.
export const register = async () => {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const [{ startPlanningJobs }, { startMailJobs }, { startSecurityJobs }] = await Promise.all([
    import("@/lib/planning/jobs"),
    import("@/lib/mail/jobs"),
    import("@/lib/http/jobs"),
  ]);
  startPlanningJobs();
  startMailJobs();
  startSecurityJobs();
};
