import type { Metadata } from "next";
import { PlanningCalendar } from "@/components/planning/calendar/planning-calendar";
import { spaceRows } from "@/components/planning/calendar/model";
import { buildScale, type Hours, type View } from "@/components/planning/calendar/time-scale";
import { PageHeader } from "@/components/ui/page-header";
import { hasPermission } from "@/lib/auth/permissions";
import { isTimeZone } from "@/lib/http/schemas";
import { isLocalDate, localDateOf } from "@/lib/planning/time";
import { listSpaces } from "@/lib/planning/spaces/spaces";
import { firstParam, pageContext, type SearchParams } from "@/lib/portal/context";
import { calendarWindowAction } from "@/lib/portal/actions/calendar";

export const metadata: Metadata = { title: "Planning · Venuedesk" };

/**
 * The Planning landing page is the calendar: every space as a row, its bookings and holds on a
 * day or week timeline. `?date=YYYY-MM-DD&view=day|week` opens a given place in time.
 */
export default async function PlanningPage({ params, searchParams }: { params: Promise<{ account_id: string }>; searchParams: SearchParams }) {
  const ctx = await pageContext((await params).account_id);
  const query = await searchParams;
  const canWrite = ctx.membership !== null && hasPermission(ctx.membership, "planning_manage");

  // The grid follows the first space's zone (the spaces' zone when they share one).
  const spaces = (await listSpaces(ctx)).map((space) => ({
    id: space.id,
    name: space.name,
    parent_id: space.parentId,
    position: space.position,
    active: space.active,
    timezone: space.timezone,
    working_hours_enabled: space.workingHoursEnabled,
    schedule: {},
  }));
  const accountZone = ctx.account.customAttributes.timezone;
  const fallbackZone = typeof accountZone === "string" && isTimeZone(accountZone) ? accountZone : "UTC";
  const zone = spaceRows(spaces.filter((space) => space.active))[0]?.space.timezone ?? fallbackZone;

  const requestedView = firstParam(query.view);
  const view: View = requestedView === "week" ? "week" : "day";
  const requestedDate = firstParam(query.date);
  const date = requestedDate && isLocalDate(requestedDate) ? requestedDate : localDateOf(new Date(), zone);
  const hours: Hours = firstParam(query.hours) === "full" ? "full" : "working";
  const scale = buildScale({ view, date, zone, hours });
  const data = await calendarWindowAction(ctx.account.id, {
    start_at: new Date(scale.fetchStart).toISOString(),
    end_at: new Date(scale.fetchEnd).toISOString(),
  });

  return (
    <>
      <PageHeader title="Planning" description="Bookings and holds across your spaces, hour by hour." />
      <PlanningCalendar
        accountId={ctx.account.id}
        canWrite={canWrite}
        initialView={view}
        initialDate={date}
        initialZone={zone}
        initialHours={hours}
        initialData={data}
      />
    </>
  );
}
