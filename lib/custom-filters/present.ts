import type { customFilters } from "@/db/schema";
import { unixTime } from "@/lib/http/schemas";

export type CustomFilter = typeof customFilters.$inferSelect;

export const presentCustomFilter = (row: CustomFilter) => ({
  id: row.id,
  name: row.name,
  filter_type: row.filterType,
  query: row.query,
  created_at: unixTime(row.createdAt)!,
  updated_at: unixTime(row.updatedAt)!,
});
