import type { allocations } from "@/db/schema";

export type AllocationRow = typeof allocations.$inferSelect;
export type AllocationWarning = { code: string; message: string };

/**
 * What the API shows of an allocation, its times already ISO 8601 UTC text: a list reads them so
 * from PostgreSQL (listAllocations), a single row converts its own (presentAllocation).
 */
export type AllocationView = Pick<
  AllocationRow,
  "id" | "spaceId" | "resourceId" | "eventId" | "bufferBeforeMin" | "bufferAfterMin" | "title" | "description" | "category" | "status" | "stage" | "sequence" | "metadata"
> & { startAt: string; endAt: string; expiresAt: string | null; createdAt: string; updatedAt: string };

/** DESIGN.md §6's allocation fields; times in ISO 8601 UTC. */
export const presentAllocationView = (row: AllocationView) => ({
  id: row.id,
  space_id: row.spaceId,
  resource_id: row.resourceId,
  event_id: row.eventId,
  start_at: row.startAt,
  end_at: row.endAt,
  buffer_before_min: row.bufferBeforeMin,
  buffer_after_min: row.bufferAfterMin,
  title: row.title,
  description: row.description,
  category: row.category,
  status: row.status,
  stage: row.stage,
  sequence: row.sequence,
  metadata: row.metadata,
  expires_at: row.expiresAt,
  created_at: row.createdAt,
  updated_at: row.updatedAt,
});

export const presentAllocation = (row: AllocationRow) =>
  presentAllocationView({
    ...row,
    startAt: row.startAt.toISOString(),
    endAt: row.endAt.toISOString(),
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });

/** Create and update also say what the planner should know (`jumping_the_queue`, hours…). */
export const presentAllocationWrite = (result: { allocation: AllocationRow; warnings: AllocationWarning[] }) => ({
  ...presentAllocation(result.allocation),
  warnings: result.warnings,
});

export const presentAllocationList = (rows: AllocationView[]) => ({ allocations: rows.map(presentAllocationView), meta: { count: rows.length } });
