import type { AccountCtx } from "@/lib/auth/caller";
import { createCompany } from "@/lib/companies/companies";
import { ZCreateCompany } from "@/lib/companies/schemas";
import { parseInput } from "@/lib/http/validation";
import { createAllocation } from "@/lib/planning/allocations/create-allocation";
import { ZCreateAllocation } from "@/lib/planning/allocations/schemas";
import { createEvent } from "@/lib/planning/events/events";
import { ZCreateEvent } from "@/lib/planning/events/schemas";
import { createSpace } from "@/lib/planning/spaces/spaces";
import { ZCreateSpace } from "@/lib/planning/spaces/schemas";
import { addDays, instantAt, localDateOf, weekdayOf, weekdays } from "@/lib/planning/time";

const zone = "Europe/Amsterdam";
const weekdayHours = { open: "08:00", close: "23:00" };
const weekHours = Object.fromEntries(weekdays.slice(0, 5).map((day) => [day, weekdayHours]));
const fullWeek = { ...weekHours, saturday: { open: "10:00", close: "24:00" }, sunday: { open: "10:00", close: "22:00" } };
/** Holds last a week unless confirmed; three may compete for one time. */
const holds = { max_tentative_allocations: 3, tentative_expiry_minutes: 7 * 24 * 60 };

const clock = (text: string) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5));

/**
 * The demo venue's planning, through the same services the API uses: Canal House with its
 * Grand Hall (split into Hall A and Hall B), three more rooms with schedules and capacities,
 * and events with confirmed bookings and competing holds over the next four weeks.
 */
export const seedDemoPlanning = async (ctx: AccountCtx, contactIds: number[]) => {
  const space = (input: Record<string, unknown>) => createSpace(ctx, parseInput(ZCreateSpace, { timezone: zone, working_hours_enabled: true, ...input }));
  const venue = await space({
    name: "Canal House",
    description: "The whole venue: exclusive hire.",
    position: 0,
    schedule: fullWeek,
    max_capacity_standing: 900,
    square_meters: 2400,
  });
  const inVenue = { parent_id: venue.id, venue_id: venue.id };
  const grandHall = await space({
    ...inVenue,
    ...holds,
    name: "Grand Hall",
    description: "Ballroom under the original trusses; divides into Hall A and Hall B.",
    position: 1,
    schedule: fullWeek,
    theater: 320,
    classroom: 180,
    banquet: 240,
    cocktail: 400,
    square_meters: 620,
  });
  const inHall = { parent_id: grandHall.id, venue_id: venue.id };
  const hallA = await space({ ...inHall, ...holds, name: "Hall A", position: 2, schedule: fullWeek, theater: 150, classroom: 80, banquet: 110, cocktail: 180 });
  const hallB = await space({ ...inHall, ...holds, name: "Hall B", position: 3, schedule: fullWeek, theater: 150, classroom: 80, banquet: 110, cocktail: 180 });
  const library = await space({ ...inVenue, ...holds, name: "Library", position: 4, schedule: weekHours, boardroom: 18, u_shape: 14, theater: 30 });
  const gardenRoom = await space({ ...inVenue, ...holds, name: "Garden Room", position: 5, schedule: fullWeek, banquet: 60, cocktail: 90, classroom: 40 });
  const terrace = await space({
    ...inVenue,
    ...holds,
    name: "Rooftop Terrace",
    position: 6,
    schedule: { ...Object.fromEntries(weekdays.map((day) => [day, { open: "12:00", close: "23:00" }])) },
    cocktail: 120,
    standing: 140,
    out_of_office_message: "The terrace is weather-dependent; we keep the Garden Room as a fallback.",
  });

  const company = async (name: string, vat: string) => createCompany(ctx, parseInput(ZCreateCompany, { name, vat_number: vat, email: `events@${name.toLowerCase().replace(/[^a-z]/g, "")}.demo.venuedesk.test` }));
  const northwind = await company("Northwind Traders", "NL001234567B01");
  const contoso = await company("Contoso Pharma", "NL009876543B01");

  // Monday of next week, in the venue's time zone.
  const today = localDateOf(new Date(), zone);
  const monday = addDays(today, 7 - weekdays.indexOf(weekdayOf(today)));
  const on = (days: number, time: string) => instantAt(addDays(monday, days), clock(time), zone)!.toISOString();
  const book = (eventId: string, spaceId: string, days: number, from: string, to: string, extra: Record<string, unknown> = {}) =>
    createAllocation(ctx, parseInput(ZCreateAllocation, { space_id: spaceId, event_id: eventId, start_at: on(days, from), end_at: on(days, to), ...extra }));
  const event = (input: Record<string, unknown>) => createEvent(ctx, parseInput(ZCreateEvent, input));
  const confirmed = { status: "confirmed" };

  const wedding = await event({ name: "Jansen–de Vries wedding", status: "definite", contact_id: contactIds[0], attendees_count: 180, notes: "Ceremony on the terrace if dry." });
  await book(wedding.id, grandHall.id, 5, "14:00", "23:59", { ...confirmed, title: "Wedding dinner and party", buffer_before_min: 120, buffer_after_min: 60, stage: "event" });
  await book(wedding.id, terrace.id, 5, "12:30", "13:30", { ...confirmed, title: "Ceremony", buffer_before_min: 60, stage: "event" });

  const summit = await event({ name: "Northwind sales summit", status: "definite", company_id: northwind.id, contact_id: contactIds[1], attendees_count: 140 });
  await book(summit.id, hallA.id, 8, "09:00", "17:30", { ...confirmed, title: "Plenary day 1", buffer_before_min: 60, buffer_after_min: 30 });
  await book(summit.id, hallA.id, 9, "09:00", "16:00", { ...confirmed, title: "Plenary day 2", buffer_before_min: 30, buffer_after_min: 60 });
  await book(summit.id, library.id, 8, "12:00", "14:00", { ...confirmed, title: "Board lunch" });

  const launch = await event({ name: "Contoso product launch", status: "tentative", company_id: contoso.id, contact_id: contactIds[2], attendees_count: 80 });
  await book(launch.id, gardenRoom.id, 10, "18:00", "22:00", { title: "Launch reception", buffer_before_min: 90, buffer_after_min: 45 });
  const birthday = await event({ name: "Fortieth birthday — R. Bakker", status: "tentative", contact_id: contactIds[3], attendees_count: 70 });
  await book(birthday.id, gardenRoom.id, 10, "19:00", "23:30", { title: "Birthday dinner (second option)" });

  const workshop = await event({ name: "Design sprint workshop", status: "definite", contact_id: contactIds[4], attendees_count: 24 });
  await book(workshop.id, library.id, 1, "09:30", "17:00", { ...confirmed, title: "Workshop day 1" });
  await book(workshop.id, library.id, 2, "09:30", "17:00", { ...confirmed, title: "Workshop day 2" });

  const gala = await event({ name: "Charity gala", status: "lead", contact_id: contactIds[5], attendees_count: 300 });
  await book(gala.id, grandHall.id, 19, "18:00", "23:30", { title: "Gala dinner", buffer_before_min: 180, buffer_after_min: 90 });

  const training = await event({ name: "Contoso onboarding training", status: "definite", company_id: contoso.id, attendees_count: 60 });
  await book(training.id, hallB.id, 15, "09:00", "17:00", { ...confirmed, title: "Training", buffer_before_min: 30 });
  await book(training.id, hallB.id, 16, "09:00", "13:00", { ...confirmed, title: "Training (half day)" });

  const drinks = await event({ name: "Friday drinks — Northwind", status: "tentative", company_id: northwind.id, attendees_count: 100 });
  await book(drinks.id, terrace.id, 11, "17:00", "21:00", { title: "Terrace drinks", buffer_after_min: 30 });

  const quiz = await event({ name: "Neighbourhood pub quiz", status: "definite", attendees_count: 45 });
  await book(quiz.id, gardenRoom.id, 24, "19:30", "22:30", { ...confirmed, title: "Pub quiz" });

  return { spaces: [venue, grandHall, hallA, hallB, library, gardenRoom, terrace], eventIds: { wedding: wedding.id, summit: summit.id, gala: gala.id } };
};
