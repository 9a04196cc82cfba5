import type { allocations } from "@/db/schema";

export type AllocationRow = typeof allocations.$inferSelect;
export type AllocationWarning = { code: string; message: string };

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** DESIGN.md §6's allocation fields; times in ISO 8601 UTC. */
export const presentAllocation = (row: AllocationRow) => ({
  id: row.id,
  space_id: row.spaceId,
  resource_id: row.resourceId,
  event_id: row.eventId,
  start_at: row.startAt.toISOString(),
  end_at: row.endAt.toISOString(),
  buffer_before_min: row.bufferBeforeMin,
  buffer_after_min: row.bufferAfterMin,
  title: row.title,
  description: row.description,
  category: row.category,
  status: row.status,
  stage: row.stage,
  sequence: row.sequence,
  metadata: row.metadata,
  expires_at: iso(row.expiresAt),
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** Create and update also say what the planner should know (`jumping_the_queue`, hours…). */
export const presentAllocationWrite = (result: { allocation: AllocationRow; warnings: AllocationWarning[] }) => ({
  ...presentAllocation(result.allocation),
  warnings: result.warnings,
});

export const presentAllocationList = (rows: AllocationRow[]) => ({ allocations: rows.map(presentAllocation), meta: { count: rows.length } });
