import type { Metadata } from "next";
import { webhookSubscriptionDefaults } from "@/db/schema";
import { AdminOnly } from "@/components/settings/admin-only";
import { WebhookForm } from "@/components/settings/webhooks/webhook-form";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { createWebhookAction } from "@/lib/portal/actions/webhooks";
import { isAdmin, pageContext } from "@/lib/portal/context";
import { loadInboxChoices } from "@/lib/portal/loaders/webhooks";
import { settingsPath } from "@/lib/portal/paths";

export const metadata: Metadata = { title: "New webhook · Venuedesk" };

export default async function NewWebhookPage({ params }: { params: Promise<{ account_id: string }> }) {
  const { account_id } = await params;
  const ctx = await pageContext(account_id);
  const list = settingsPath(ctx.account.id, "webhooks");
  const back = { href: list, label: "Webhooks" };
  return (
    <>
      <PageHeader title="New webhook" description="Once it is saved you get the secret its receiver checks the signatures with." back={back} />
      {isAdmin(ctx) ? (
        <Card>
          <WebhookForm
            action={createWebhookAction.bind(null, ctx.account.id)}
            defaults={webhookSubscriptionDefaults}
            inboxes={await loadInboxChoices(account_id)}
            submitLabel="Create webhook"
            cancelHref={list}
          />
        </Card>
      ) : (
        <AdminOnly what="add webhooks" back={back} />
      )}
    </>
  );
}
