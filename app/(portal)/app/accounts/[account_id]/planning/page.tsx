import type { Metadata } from "next";
import { SectionPlaceholder } from "@/components/portal/section-placeholder";
import { CalendarIcon } from "@/components/ui/icons";
import { pageContext } from "@/lib/portal/context";

export const metadata: Metadata = { title: "Planning · Venuedesk" };

export default async function PlanningPage({ params }: { params: Promise<{ account_id: string }> }) {
  await pageContext((await params).account_id);
  return (
    <SectionPlaceholder
      title="Planning"
      description="Events and space bookings across your venue."
      emptyTitle="Nothing planned yet"
      emptyDescription="Events, holds and confirmed bookings will appear here on a calendar of your spaces."
      icon={<CalendarIcon className="size-6" />}
    />
  );
}
