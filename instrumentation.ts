// Runs once when a Next.js server starts: background jobs of the Node.js runtime — unless
// BACKGROUND_JOBS=worker leaves them to `npm run worker` (scripts/worker.ts).
export const register = async () => {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.BACKGROUND_JOBS === "worker") return;
  const { startBackgroundJobs } = await import("@/lib/jobs");
  startBackgroundJobs();
};
