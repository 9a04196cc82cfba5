import type { Metadata } from "next";
import { SectionPlaceholder } from "@/components/portal/section-placeholder";
import { ContactsIcon } from "@/components/ui/icons";
import { pageContext } from "@/lib/portal/context";

export const metadata: Metadata = { title: "Contacts · Venuedesk" };

export default async function ContactsPage({ params }: { params: Promise<{ account_id: string }> }) {
  await pageContext((await params).account_id);
  return (
    <SectionPlaceholder
      title="Contacts"
      description="The people and companies you work with."
      emptyTitle="No contacts yet"
      emptyDescription="People and companies who write to you or book events will be listed here, each with their history."
      icon={<ContactsIcon className="size-6" />}
    />
  );
}
