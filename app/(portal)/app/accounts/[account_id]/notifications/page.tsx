import type { Metadata } from "next";
import { NotificationList } from "@/components/notifications/notification-list";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { pageContext } from "@/lib/portal/context";
import { accountPath } from "@/lib/portal/paths";

export const metadata: Metadata = { title: "Notifications · Venuedesk" };

export default async function NotificationsPage({ params }: { params: Promise<{ account_id: string }> }) {
  const { account_id } = await params;
  const ctx = await pageContext(account_id);
  return (
    <>
      <PageHeader
        title="Notifications"
        description="Conversations assigned to you, messages in them, mentions, quote answers and holds that need you."
        actions={
          <ButtonLink href={`${accountPath(ctx.account.id, "profile")}#email-notifications`} variant="secondary" size="sm">
            Email settings
          </ButtonLink>
        }
      />
      <NotificationList accountId={ctx.account.id} />
    </>
  );
}
