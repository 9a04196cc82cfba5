import type { Metadata } from "next";
import { SectionPlaceholder } from "@/components/portal/section-placeholder";
import { ChartIcon } from "@/components/ui/icons";
import { pageContext } from "@/lib/portal/context";

export const metadata: Metadata = { title: "Reports · Venuedesk" };

export default async function ReportsPage({ params }: { params: Promise<{ account_id: string }> }) {
  await pageContext((await params).account_id);
  return (
    <SectionPlaceholder
      title="Reports"
      description="How your team and your venue are doing."
      emptyTitle="No reports yet"
      emptyDescription="Conversation and booking figures for your team will appear here once there is activity to measure."
      icon={<ChartIcon className="size-6" />}
    />
  );
}
