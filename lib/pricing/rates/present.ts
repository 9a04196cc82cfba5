import type { rates } from "@/db/schema";

export type Rate = typeof rates.$inferSelect;

/** Numeric columns come back as exact strings ("125.5000"); JSON carries them as numbers. */
export const presentRate = (rate: Rate) => ({
  id: rate.id,
  name: rate.name,
  unit: rate.unit,
  amount: Number(rate.amount),
  tax_rate: Number(rate.taxRate),
  category: rate.category,
  space_id: rate.spaceId,
  active: rate.active,
  created_at: rate.createdAt.toISOString(),
  updated_at: rate.updatedAt.toISOString(),
});
