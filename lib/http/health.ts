import { sql } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/db/client";
import { defineOperation } from "./operation";

export const healthOp = defineOperation({
  method: "GET",
  path: "/api/health",
  summary: "Liveness and database reachability (no token)",
  tag: "Meta",
  callers: [],
  response: z.object({ status: z.literal("ok") }),
});

export const checkHealth = async () => {
  await getDb().execute(sql`select 1`);
  return { status: "ok" as const };
};
