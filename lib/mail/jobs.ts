import { getDb } from "@/db/client";
import { logFailure } from "@/lib/log";
import { deliverDueMail } from "./deliver";

const runEveryMs = 30_000;

/**
 * The mail dispatcher: every 30 seconds, queued mail that is due is delivered (the first attempt
 * is made by the request that queued it; this one retries). Several app instances running it
 * at once never send one message twice: each claims its messages with SKIP LOCKED.
 */
export const startMailJobs = () => {
  let running = false;
  const run = async () => {
    // A slow mail server must not pile runs up in one process.
    if (running) return;
    running = true;
    try {
      await deliverDueMail(getDb());
    } catch (error) {
      logFailure({ where: "mail dispatcher" }, error);
    } finally {
      running = false;
    }
  };
  setInterval(() => void run(), runEveryMs).unref();
  void run();
};
