import type { spaces } from "@/db/schema";

export type Space = typeof spaces.$inferSelect;

/** The interface's space: the request-only settings (availability dates, hold rules) stay out. */
export const presentSpace = (space: Space) => ({
  id: space.id,
  name: space.name,
  description: space.description,
  resource_id: space.resourceId,
  parent_id: space.parentId,
  venue_id: space.venueId,
  knowledgebase_id: space.knowledgebaseId,
  gallery_knowledgebase_id: space.galleryKnowledgebaseId,
  position: space.position,
  active: space.active,
  square_meters: space.squareMeters,
  theater: space.theater,
  classroom: space.classroom,
  standing: space.standing,
  banquet: space.banquet,
  boardroom: space.boardroom,
  u_shape: space.uShape,
  concert: space.concert,
  cocktail: space.cocktail,
  max_capacity_seated: space.maxCapacitySeated,
  max_capacity_standing: space.maxCapacityStanding,
  timezone: space.timezone,
  working_hours_enabled: space.workingHoursEnabled,
  schedule: space.schedule,
  custom_attributes: space.customAttributes,
  created_at: space.createdAt.toISOString(),
  updated_at: space.updatedAt.toISOString(),
});

/** Everything the portal's space editor shows, including what the API never echoes and the feed secret. */
export const presentSpaceDetail = (space: Space) => ({
  ...presentSpace(space),
  available_from: space.availableFrom,
  available_until: space.availableUntil,
  out_of_office_message: space.outOfOfficeMessage,
  max_tentative_allocations: space.maxTentativeAllocations,
  tentative_expiry_minutes: space.tentativeExpiryMinutes,
  ical_token: space.icalToken,
});
