import type { spaces } from "@/db/schema";
import { spaceCapacity, type Schedule, type SlotSpace } from "../availability";

/** A space row as the pure availability functions see it. */
export const toSlotSpace = (space: typeof spaces.$inferSelect): SlotSpace => ({
  id: space.id,
  position: space.position,
  name: space.name,
  timezone: space.timezone,
  active: space.active,
  workingHoursEnabled: space.workingHoursEnabled,
  schedule: space.schedule as Schedule,
  availableFrom: space.availableFrom,
  availableUntil: space.availableUntil,
  capacity: spaceCapacity(space),
});
