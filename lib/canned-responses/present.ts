import type { cannedResponses } from "@/db/schema";
import { unixTime } from "@/lib/http/schemas";

export type CannedResponse = typeof cannedResponses.$inferSelect;

export const presentCannedResponse = (row: CannedResponse) => ({
  id: row.id,
  account_id: row.accountId,
  short_code: row.shortCode,
  content: row.content,
  created_at: unixTime(row.createdAt)!,
  updated_at: unixTime(row.updatedAt)!,
});
