import type { discountCodes } from "@/db/schema";

export type DiscountCode = typeof discountCodes.$inferSelect;

export const presentDiscountCode = (code: DiscountCode) => ({
  id: code.id,
  name: code.name,
  code: code.code,
  discount_type: code.discountType,
  value: Number(code.value),
  active: code.active,
  valid_until: code.validUntil,
  max_redemptions: code.maxRedemptions,
  redemptions_count: code.redemptionsCount,
  created_at: code.createdAt.toISOString(),
  updated_at: code.updatedAt.toISOString(),
});
