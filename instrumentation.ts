// Runs once when a Next.js server starts: background jobs of the Node.js runtime.
export const register = async () => {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startPlanningJobs } = await import("@/lib/planning/jobs");
  startPlanningJobs();
};
