import type { Metadata } from "next";
import { webhookSubscriptionDefaults } from "@/db/schema";
import { AdminOnly } from "@/components/settings/admin-only";
import { DeliveryLog } from "@/components/settings/delivery-log";
import { Notice } from "@/components/settings/notice";
import { TokenField } from "@/components/settings/token-field";
import { FailingNotice } from "@/components/settings/webhooks/failing";
import { SignatureHint } from "@/components/settings/webhooks/signature-hint";
import { WebhookForm } from "@/components/settings/webhooks/webhook-form";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { resetWebhookSecretAction, updateWebhookAction } from "@/lib/portal/actions/webhooks";
import { pageContext, type SearchParams } from "@/lib/portal/context";
import { loadDeliveryLog, loadInboxChoices, loadWebhook, logPageOf } from "@/lib/portal/loaders/webhooks";
import { readNotice, settingsPath } from "@/lib/portal/paths";

export const metadata: Metadata = { title: "Webhook · Venuedesk" };

export default async function WebhookPage({ params, searchParams }: { params: Promise<{ account_id: string; id: string }>; searchParams: SearchParams }) {
  const { account_id, id } = await params;
  const query = await searchParams;
  const ctx = await pageContext(account_id);
  const webhook = await loadWebhook(account_id, id);
  const list = settingsPath(ctx.account.id, "webhooks");
  const back = { href: list, label: "Webhooks" };

  if (!webhook) {
    return (
      <>
        <PageHeader title="Webhook" back={back} />
        <AdminOnly what="see and change webhooks" back={back} />
      </>
    );
  }

  const [inboxes, { log, timeZone }] = await Promise.all([loadInboxChoices(account_id), loadDeliveryLog(account_id, "webhook", webhook.id, logPageOf(query.page))]);
  return (
    <>
      <PageHeader
        title={webhook.name ?? "Webhook"}
        description={<span className="font-mono text-xs [overflow-wrap:anywhere]">{webhook.url}</span>}
        back={back}
      />
      {webhook.failing && webhook.failing_since ? <FailingNotice since={webhook.failing_since} timeZone={timeZone} /> : null}
      <Notice notice={readNotice(query.notice)} noun="Webhook" />
      <div className="space-y-6">
        <Card title="Details">
          <WebhookForm
            action={updateWebhookAction.bind(null, ctx.account.id, webhook.id)}
            webhook={webhook}
            defaults={webhookSubscriptionDefaults}
            inboxes={inboxes}
            submitLabel="Save changes"
            cancelHref={list}
          />
        </Card>
        <Card title="Signing secret" description="Every delivery is signed with this secret, so your receiver can check that it came from Venuedesk.">
          <div className="space-y-5">
            <TokenField
              id="webhook-secret"
              label="Secret"
              token={webhook.secret ?? ""}
              resetAction={resetWebhookSecretAction.bind(null, ctx.account.id, webhook.id)}
              consequence="Deliveries from now on, retries of earlier events included, are signed with the new secret: signatures checked with the old one stop matching. Update your receiver right after."
              kind="secret"
            />
            <SignatureHint />
          </div>
        </Card>
        <DeliveryLog
          accountId={ctx.account.id}
          kind="webhook"
          targetId={webhook.id}
          log={log}
          timeZone={timeZone}
          description="Each event sent to this webhook, with every attempt and what the receiver answered. Failed attempts are retried with growing pauses, for up to a day by default."
          empty="Nothing sent yet. Deliveries appear here as soon as a subscribed event happens."
        />
      </div>
    </>
  );
}
