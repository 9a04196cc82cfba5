import type { Metadata } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { DeliveryLog } from "@/components/settings/delivery-log";
import { InboxForm } from "@/components/settings/inbox-form";
import { MembersForm } from "@/components/settings/members-form";
import { Notice } from "@/components/settings/notice";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { CopyField } from "@/components/ui/copy-field";
import { PageHeader } from "@/components/ui/page-header";
import { EmbedSnippet } from "@/components/widget/embed-snippet";
import { listAgents } from "@/lib/agents/agents";
import { listInboxMembers } from "@/lib/inboxes/members";
import { isAdmin, pageContext, type SearchParams } from "@/lib/portal/context";
import { deleteInboxAction, replaceInboxMembersAction, updateInboxAction } from "@/lib/portal/actions/inboxes";
import { channelLabels } from "@/lib/inboxes/present";
import { loadInbox } from "@/lib/portal/loaders/inboxes";
import { loadDeliveryLog, logPageOf } from "@/lib/portal/loaders/webhooks";
import { readNotice, settingsPath } from "@/lib/portal/paths";
import { widgetPageUrl, widgetSnippet } from "@/lib/widget/snippet";

export const metadata: Metadata = { title: "Inbox · Venuedesk" };

const zones = ["UTC", ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC")];

/** Every IANA zone, plus the stored one should the runtime not list it. */
const timeZoneOptions = (current: string) =>
  (zones.includes(current) ? zones : [current, ...zones]).map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") }));

/**
 * Where venues' websites load the chat from: the configured public URL, else the host this page
 * was requested on (as the calendar feeds' addresses).
 */
const publicBaseUrl = async () => {
  const request = await headers();
  const host = request.get("x-forwarded-host") ?? request.get("host") ?? "localhost";
  const protocol = request.get("x-forwarded-proto")?.split(",")[0]?.trim() ?? "http";
  return (process.env.APP_URL ?? process.env.NEXTAUTH_URL ?? `${protocol}://${host}`).replace(/\/+$/, "");
};

const connectClass = "rounded-lg border border-indigo-200 bg-indigo-50/40 p-6 shadow-sm";

const DetailList = ({ rows }: { rows: [string, ReactNode][] }) => (
  <dl className="divide-y divide-slate-100">
    {rows.map(([term, value]) => (
      <div key={term} className="grid gap-1 py-3 first:pt-0 last:pb-0 sm:grid-cols-3">
        <dt className="text-sm font-medium text-slate-500">{term}</dt>
        <dd className="text-sm break-words text-slate-900 sm:col-span-2">{value}</dd>
      </div>
    ))}
  </dl>
);

export default async function InboxPage({
  params,
  searchParams,
}: {
  params: Promise<{ account_id: string; id: string }>;
  searchParams: SearchParams;
}) {
  const { account_id, id } = await params;
  const ctx = await pageContext(account_id);
  const inbox = await loadInbox(account_id, id);
  const admin = isAdmin(ctx);
  const channel = channelLabels[inbox.channel_type];
  const api = inbox.channel_type === "Channel::Api";
  const query = await searchParams;
  // An API inbox posts its conversations' events to its webhook URL: administrators see what was sent.
  const [members, agents, deliveries] = await Promise.all([
    listInboxMembers(ctx, inbox.id),
    admin ? listAgents(ctx) : [],
    admin && api && inbox.webhook_url ? loadDeliveryLog(account_id, "inbox", inbox.id, logPageOf(query.page)) : null,
  ]);
  const list = settingsPath(ctx.account.id, "inboxes");
  const baseUrl = await publicBaseUrl();
  const websiteToken = inbox.website_token ?? inbox.inbox_identifier;
  const none = <span className="text-slate-400">Not set</span>;
  const yesNo = (value: boolean) => (value ? "On" : "Off");

  return (
    <>
      <PageHeader
        title={inbox.name}
        description={
          <span className="inline-flex items-center gap-2">
            <Badge tone={api ? "accent" : "success"}>{channel}</Badge>
            {api ? "Messages arrive through the Client API." : "Messages arrive from the chat on your website."}
          </span>
        }
        back={{ href: list, label: "Inboxes" }}
      />
      <Notice notice={readNotice(query.notice)} noun="Inbox" />

      <div className="space-y-6">
        {api ? (
          <section aria-labelledby="client-api-heading" className={connectClass}>
            <h2 id="client-api-heading" className="text-base font-semibold text-slate-900">
              Connect to this inbox
            </h2>
            <p className="mt-1 mb-5 text-sm text-slate-600">
              Your website, app or booking form sends guests&apos; messages to this inbox through the Client API, naming the inbox by its
              identifier:{" "}
              <code className="rounded bg-white px-1 py-0.5 font-mono text-xs text-slate-800 ring-1 ring-slate-200">
                /public/api/v1/inboxes/{"{inbox_identifier}"}/contacts
              </code>
            </p>
            <div className="space-y-5">
              <CopyField id="inbox-identifier" label="Inbox identifier" value={inbox.inbox_identifier} />
              {inbox.hmac_token ? (
                <CopyField
                  id="inbox-hmac-token"
                  label="HMAC token"
                  value={inbox.hmac_token}
                  hint="A secret: keep it on your server, never in a web page. Your server signs each guest's ID from your own system with it (HMAC-SHA256), and the inbox trusts a guest only with a matching signature, so nobody can write as someone else."
                />
              ) : null}
            </div>
          </section>
        ) : (
          <section aria-labelledby="website-chat-heading" className={connectClass}>
            <h2 id="website-chat-heading" className="text-base font-semibold text-slate-900">
              Add the chat to your website
            </h2>
            <div className="mt-4 space-y-3">
              <EmbedSnippet
                id="website-chat-snippet"
                label="Code for your website"
                value={widgetSnippet({ baseUrl, websiteToken })}
                hint="Paste it just before </body> on every page where visitors should see the chat button; their messages arrive in this inbox."
              />
              <a
                href={widgetPageUrl(baseUrl, websiteToken)}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-block text-sm font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
              >
                Try the chat on its own page
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </div>
          </section>
        )}

        {admin ? (
          <>
            <Card title="Settings">
              <InboxForm
                action={updateInboxAction.bind(null, ctx.account.id, inbox.id)}
                inbox={{
                  name: inbox.name,
                  channel_type: inbox.channel_type,
                  greeting_enabled: inbox.greeting_enabled,
                  greeting_message: inbox.greeting_message,
                  timezone: inbox.timezone,
                  working_hours_enabled: inbox.working_hours_enabled,
                  webhook_url: inbox.webhook_url,
                  hmac_mandatory: inbox.hmac_mandatory,
                  website_url: inbox.website_url,
                  widget_color: inbox.widget_color,
                }}
                timeZones={timeZoneOptions(inbox.timezone)}
              />
            </Card>
            {deliveries ? (
              <DeliveryLog
                accountId={ctx.account.id}
                kind="inbox"
                targetId={inbox.id}
                log={deliveries.log}
                timeZone={deliveries.timeZone}
                description="Each event sent to this inbox's webhook URL, with every attempt and what your server answered. Failed attempts are retried with growing pauses, for up to a day by default."
                empty="Nothing sent yet. Deliveries appear here as soon as a conversation of this inbox changes or gets a message."
              />
            ) : null}
            <Card title="Agents" description="Agents see this inbox's conversations; administrators see every inbox.">
              <MembersForm
                action={replaceInboxMembersAction.bind(null, ctx.account.id, inbox.id)}
                agents={agents.map((agent) => ({ id: agent.userId, name: agent.displayName || agent.name, email: agent.email, role: agent.role }))}
                members={members.map((member) => member.userId)}
                legend={`Agents of ${inbox.name}`}
              />
            </Card>
            <Card title="Delete inbox">
              <div className="flex flex-wrap items-center justify-between gap-4">
                <p className="max-w-xl text-sm text-slate-600">
                  Its conversations, messages and contact identities are deleted with it, and callers using its identifier stop
                  working.
                </p>
                <ConfirmButton
                  action={deleteInboxAction.bind(null, ctx.account.id, inbox.id)}
                  label="Delete inbox"
                  triggerVariant="danger"
                  triggerSize="md"
                  title={`Delete “${inbox.name}”?`}
                  description="Its conversations, messages and contact identities are deleted with it. This cannot be undone."
                  confirmLabel="Delete inbox"
                  pendingLabel="Deleting…"
                />
              </div>
            </Card>
          </>
        ) : (
          <>
            <Card title="Settings" description="Only administrators can change an inbox.">
              <DetailList
                rows={[
                  ["Time zone", inbox.timezone],
                  ["Greeting", inbox.greeting_enabled ? (inbox.greeting_message ?? "On") : "Off"],
                  ["Working hours", yesNo(inbox.working_hours_enabled)],
                  api ? ["Webhook URL", inbox.webhook_url ?? none] : ["Website URL", inbox.website_url ?? none],
                ]}
              />
            </Card>
            <Card title="Agents">
              {members.length === 0 ? (
                <p className="text-sm text-slate-500">No agents yet.</p>
              ) : (
                <ul className="divide-y divide-slate-100 text-sm" aria-label={`Agents of ${inbox.name}`}>
                  {members.map((member) => (
                    <li key={member.userId} className="py-2 first:pt-0 last:pb-0">
                      <span className="font-medium text-slate-900">{member.displayName || member.name}</span>
                      <span className="ml-2 text-slate-500">{member.email}</span>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          </>
        )}
      </div>
    </>
  );
}
