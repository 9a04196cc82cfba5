import { spaces } from "@/db/schema";
import { spaceCapacity, type Schedule, type SlotSpace } from "../availability";

/** The columns of a space the pure availability functions read: a search loads these alone. */
export const slotSpaceColumns = {
  id: spaces.id,
  position: spaces.position,
  name: spaces.name,
  timezone: spaces.timezone,
  active: spaces.active,
  workingHoursEnabled: spaces.workingHoursEnabled,
  schedule: spaces.schedule,
  availableFrom: spaces.availableFrom,
  availableUntil: spaces.availableUntil,
  theater: spaces.theater,
  classroom: spaces.classroom,
  standing: spaces.standing,
  banquet: spaces.banquet,
  boardroom: spaces.boardroom,
  uShape: spaces.uShape,
  concert: spaces.concert,
  cocktail: spaces.cocktail,
  maxCapacitySeated: spaces.maxCapacitySeated,
  maxCapacityStanding: spaces.maxCapacityStanding,
};

type SlotSpaceRow = Pick<typeof spaces.$inferSelect, keyof typeof slotSpaceColumns>;

/** A space row as the pure availability functions see it. */
export const toSlotSpace = (space: SlotSpaceRow): SlotSpace => ({
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
