import type { Metadata } from "next";
import { SectionPlaceholder } from "@/components/portal/section-placeholder";
import { QuoteIcon } from "@/components/ui/icons";
import { pageContext } from "@/lib/portal/context";

export const metadata: Metadata = { title: "Quotes · Venuedesk" };

export default async function QuotesPage({ params }: { params: Promise<{ account_id: string }> }) {
  await pageContext((await params).account_id);
  return (
    <SectionPlaceholder
      title="Quotes"
      description="Proposals you send for events."
      emptyTitle="No quotes yet"
      emptyDescription="Quotes you prepare for events will be listed here with their status, from draft to accepted."
      icon={<QuoteIcon className="size-6" />}
    />
  );
}
