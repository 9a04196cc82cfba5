import type { Metadata } from "next";
import Link from "next/link";
import { AdminOnly } from "@/components/settings/admin-only";
import { SettingsList } from "@/components/settings/settings-list";
import { FailingBadge } from "@/components/settings/webhooks/failing";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { WebhookIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { TBody, TD, TH, THead, TR, Table } from "@/components/ui/table";
import { deleteWebhookAction } from "@/lib/portal/actions/webhooks";
import { pageContext, type SearchParams } from "@/lib/portal/context";
import { loadWebhooks } from "@/lib/portal/loaders/webhooks";
import { readNotice, settingsPath } from "@/lib/portal/paths";

export const metadata: Metadata = { title: "Webhooks · Venuedesk" };

const description = "Webhooks send this account's events to your own programs as they happen, signed so your program can tell they came from Venuedesk.";

/** A few of the webhook's events by name: the form shows them all. */
const shortList = (events: string[]) => (events.length > 3 ? `${events.slice(0, 3).join(", ")} and ${events.length - 3} more` : events.join(", "));

export default async function WebhooksPage({ params, searchParams }: { params: Promise<{ account_id: string }>; searchParams: SearchParams }) {
  const { account_id } = await params;
  const ctx = await pageContext(account_id);
  const { webhooks, timeZone } = await loadWebhooks(account_id);
  const list = settingsPath(ctx.account.id, "webhooks");

  if (!webhooks) {
    return (
      <>
        <PageHeader title="Webhooks" description={description} back={{ href: settingsPath(ctx.account.id), label: "Settings" }} />
        <AdminOnly what="see and change webhooks" back={{ href: settingsPath(ctx.account.id), label: "Settings" }} />
      </>
    );
  }

  return (
    <SettingsList
      accountId={ctx.account.id}
      section="webhooks"
      admin
      title="Webhooks"
      description={description}
      noun="Webhook"
      newLabel="New webhook"
      notice={readNotice((await searchParams).notice)}
      isEmpty={webhooks.length === 0}
      emptyIcon={<WebhookIcon className="size-6" />}
      emptyTitle="No webhooks yet"
      emptyDescription="Add a webhook to have new conversations, messages, contacts, bookings or quote answers posted to a URL of yours, for example to update your CRM or notify a chat channel. Each delivery is logged and retried when your program does not answer."
    >
      <Table label="Webhooks" stacked>
        <THead>
          <tr>
            <TH>Webhook</TH>
            <TH>Inbox</TH>
            <TH>Events</TH>
            <TH>Status</TH>
            <TH className="w-40">
              <span className="sr-only">Actions</span>
            </TH>
          </tr>
        </THead>
        <TBody>
          {webhooks.map((webhook) => {
            const title = webhook.name ?? webhook.url;
            return (
              <TR key={webhook.id}>
                <TD label="Webhook" className="sm:min-w-64">
                  <Link href={`${list}/${webhook.id}`} className="rounded font-medium [overflow-wrap:anywhere] text-slate-900 hover:text-indigo-700 hover:underline">
                    {title}
                  </Link>
                  {webhook.name ? <span className="block font-mono text-xs [overflow-wrap:anywhere] text-slate-500">{webhook.url}</span> : null}
                </TD>
                <TD label="Inbox">{webhook.inbox ? webhook.inbox.name : <span className="text-slate-500">All inboxes</span>}</TD>
                <TD label="Events" className="sm:min-w-48">
                  {webhook.subscriptions.length} {webhook.subscriptions.length === 1 ? "event" : "events"}
                  <span className="block font-mono text-xs [overflow-wrap:anywhere] text-slate-500">{shortList(webhook.subscriptions)}</span>
                </TD>
                <TD label="Status">
                  {webhook.failing && webhook.failing_since ? <FailingBadge since={webhook.failing_since} timeZone={timeZone} /> : <Badge tone="success">Active</Badge>}
                </TD>
                <TD>
                  <div className="flex gap-2 sm:justify-end">
                    <ButtonLink variant="secondary" size="sm" href={`${list}/${webhook.id}`} aria-label={`Edit ${title}`}>
                      Edit
                    </ButtonLink>
                    <ConfirmButton
                      action={deleteWebhookAction.bind(null, ctx.account.id, webhook.id)}
                      label="Delete"
                      ariaLabel={`Delete ${title}`}
                      title={`Delete ${title}?`}
                      description="It stops receiving events, and its delivery log is deleted with it. This cannot be undone."
                      confirmLabel="Delete"
                      pendingLabel="Deleting…"
                    />
                  </div>
                </TD>
              </TR>
            );
          })}
        </TBody>
      </Table>
    </SettingsList>
  );
}
