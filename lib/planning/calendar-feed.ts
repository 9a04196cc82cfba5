import { timingSafeEqual } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import ical, { ICalEventStatus } from "ical-generator";
import type { Db } from "@/db/client";
import { allocationOccupancies, allocations, planningEvents, spaces } from "@/db/schema";
import { notFound } from "@/lib/http/errors";
import { isUuid } from "@/lib/http/schemas";
import { blockedResources, uuidArray } from "./allocations/occupancies";
import { planningNow } from "./clock";
import { liveAt } from "./rules-sql";

const day = 86_400_000;
const feedLimit = 5000;

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * A space's iCalendar feed for calendar apps: every live allocation that keeps the space busy
 * (its own, and those of spaces around or inside it) from 30 days ago to a year ahead. The URL's
 * token is the only credential; a wrong one is answered like an unknown space.
 */
export const spaceCalendarFeed = async (db: Db, accountId: number, spaceId: string, token: string): Promise<Response> => {
  if (!isUuid(spaceId)) throw notFound("Calendar");
  const [space] = await db
    .select()
    .from(spaces)
    .where(and(eq(spaces.accountId, accountId), eq(spaces.id, spaceId)));
  if (!space || !sameSecret(token, space.icalToken)) throw notFound("Calendar");
  const now = planningNow();
  // What blocks this space: rows on its own resource (its bookings and those of spaces around it)
  // and on the resources inside it (bookings of the spaces it contains).
  const resources = await blockedResources(db, accountId, space.id);
  const rows = await db
    .selectDistinct({ allocation: allocations, spaceName: spaces.name, eventName: planningEvents.name })
    .from(allocationOccupancies)
    .innerJoin(allocations, eq(allocations.id, allocationOccupancies.allocationId))
    .innerJoin(spaces, eq(spaces.id, allocations.spaceId))
    .leftJoin(planningEvents, eq(planningEvents.id, allocations.eventId))
    .where(
      and(
        sql`${allocationOccupancies.resourceId} = any(${uuidArray(resources)})`,
        liveAt(allocations, now),
        sql`${allocations.endAt} > ${new Date(now.getTime() - 30 * day).toISOString()}::timestamptz`,
        sql`${allocations.startAt} < ${new Date(now.getTime() + 400 * day).toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(allocations.startAt))
    .limit(feedLimit);
  const calendar = ical({ name: space.name, prodId: { company: "Venuedesk", product: "planning", language: "EN" } });
  for (const { allocation, spaceName, eventName } of rows) {
    const name = allocation.title ?? eventName ?? (allocation.status === "confirmed" ? "Booked" : "Hold");
    calendar.createEvent({
      id: `${allocation.id}@venuedesk`,
      start: allocation.startAt,
      end: allocation.endAt,
      stamp: allocation.updatedAt,
      summary: allocation.spaceId === space.id ? name : `${name} (${spaceName})`,
      description: allocation.description,
      location: spaceName,
      status: allocation.status === "confirmed" ? ICalEventStatus.CONFIRMED : ICalEventStatus.TENTATIVE,
    });
  }
  return new Response(calendar.toString(), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `inline; filename="${space.id}.ics"`,
      "Cache-Control": "private, max-age=60",
    },
  });
};
