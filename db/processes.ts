import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";

export const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

export const commandOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return "";
  }
};

/** Stops a process left behind by an earlier run (after `kill -9`), if it is still ours. */
export const stopStale = async (pid: number, commandIncludes: string, signal: NodeJS.Signals = "SIGTERM") => {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isAlive(pid) || !commandOf(pid).includes(commandIncludes)) return;
  process.kill(pid, signal);
  for (let waited = 0; waited < 30_000 && isAlive(pid); waited += 100) await new Promise((r) => setTimeout(r, 100));
  if (isAlive(pid)) process.kill(pid, "SIGKILL");
};

/** A pid file naming a child we started, so the next start can clear it if we died hard. */
export const pidFile = (file: string) => ({
  write: (pid: number) => writeFileSync(file, `${pid}\n`),
  clear: () => rmSync(file, { force: true }),
  stopStale: async (commandIncludes: string) => {
    if (!existsSync(file)) return;
    await stopStale(Number(readFileSync(file, "utf8").trim()), commandIncludes);
    rmSync(file, { force: true });
  },
});
