import type { Metadata } from "next";
import { AdminOnly } from "@/components/settings/admin-only";
import { InboxCreateForm } from "@/components/settings/inbox-create-form";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { isAdmin, pageContext } from "@/lib/portal/context";
import { createInboxAction } from "@/lib/portal/actions/inboxes";
import { settingsPath } from "@/lib/portal/paths";

export const metadata: Metadata = { title: "New inbox · Venuedesk" };

export default async function NewInboxPage({ params }: { params: Promise<{ account_id: string }> }) {
  const ctx = await pageContext((await params).account_id);
  const list = settingsPath(ctx.account.id, "inboxes");
  const back = { href: list, label: "Inboxes" };
  return (
    <>
      <PageHeader title="New inbox" description="Choose how guests will reach you; agents and working hours follow on the next page." back={back} />
      {isAdmin(ctx) ? (
        <Card>
          <InboxCreateForm action={createInboxAction.bind(null, ctx.account.id)} cancelHref={list} />
        </Card>
      ) : (
        <AdminOnly what="add inboxes" back={back} />
      )}
    </>
  );
}
