import type { Metadata } from "next";
import { PlanningCalendar } from "@/components/planning/calendar/planning-calendar";
import { buildScale, isView, type Hours, type View } from "@/components/planning/calendar/time-scale";
import { PageHeader } from "@/components/ui/page-header";
import { isLocalDate, localDateOf } from "@/lib/planning/time";
import { firstParam, pageContext, type SearchParams } from "@/lib/portal/context";
import { calendarSpaces, calendarWindow } from "@/lib/portal/loaders/calendar";
import { venueZoneOf } from "@/lib/planning/venue-zone";
import { canPlan } from "@/lib/portal/loaders/spaces";

export const metadata: Metadata = { title: "Planning · Venuedesk" };

/**
 * The Planning landing page is the calendar: every space as a row, its bookings and holds on a
 * day or week timeline, or a month at a glance. `?date=YYYY-MM-DD&view=day|week|month` opens a
 * given place in time.
 */
export default async function PlanningPage({ params, searchParams }: { params: Promise<{ account_id: string }>; searchParams: SearchParams }) {
  const ctx = await pageContext((await params).account_id);
  const query = await searchParams;
  const canWrite = canPlan(ctx);

  // The grid follows the venue's zone: its first active space's (the spaces' zone when they share one).
  const spaces = await calendarSpaces(ctx);
  const zone = venueZoneOf(spaces, ctx.account);

  const requestedView = firstParam(query.view);
  const view: View = isView(requestedView) ? requestedView : "day";
  const requestedDate = firstParam(query.date);
  const date = requestedDate && isLocalDate(requestedDate) ? requestedDate : localDateOf(new Date(), zone);
  const hours: Hours = firstParam(query.hours) === "full" ? "full" : "working";
  const scale = buildScale({ view, date, zone, hours });
  const data = await calendarWindow(ctx, { start_at: new Date(scale.fetchStart), end_at: new Date(scale.fetchEnd) }, spaces);

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
