import type { Metadata } from "next";
import Link from "next/link";
import { SettingsList } from "@/components/settings/settings-list";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { InboxIcon } from "@/components/ui/icons";
import { TBody, TD, TH, THead, TR, Table } from "@/components/ui/table";
import { listInboxes } from "@/lib/inboxes/inboxes";
import { isAdmin, pageContext, type SearchParams } from "@/lib/portal/context";
import { deleteInboxAction } from "@/lib/portal/actions/inboxes";
import { channelLabels } from "@/lib/inboxes/present";
import { readNotice, settingsPath } from "@/lib/portal/paths";

export const metadata: Metadata = { title: "Inboxes · Venuedesk" };

const stringOf = (config: Record<string, unknown>, key: string) => (typeof config[key] === "string" ? (config[key] as string) : null);

export default async function InboxesPage({ params, searchParams }: { params: Promise<{ account_id: string }>; searchParams: SearchParams }) {
  const ctx = await pageContext((await params).account_id);
  const query = await searchParams;
  const inboxes = await listInboxes(ctx);
  const admin = isAdmin(ctx);
  const list = settingsPath(ctx.account.id, "inboxes");
  return (
    <SettingsList
      accountId={ctx.account.id}
      section="inboxes"
      admin={admin}
      title="Inboxes"
      description={
          admin
      ? "The channels guests write in through: your own integrations over the API, or the chat on your website."
      : "The inboxes you work in. Administrators add inboxes and choose their agents."
        }
      noun="Inbox"
      newLabel="New inbox"
      notice={readNotice(query.notice)}
      isEmpty={inboxes.length === 0}
      emptyIcon={<InboxIcon className="size-6" />}
      emptyTitle={admin ? "No inboxes yet" : "You are not in any inbox yet"}
      emptyDescription={
        admin
          ? "Create an inbox to start receiving conversations: an API inbox for your own forms and apps, or a website chat."
          : "When an administrator adds you to an inbox, it appears here with its conversations."
      }
    >
      <Table label="Inboxes">
        <THead>
          <TR>
            <TH>Name</TH>
            <TH className="w-32">Channel</TH>
            <TH>Webhook / website</TH>
            {admin ? (
              <TH className="w-40">
                <span className="sr-only">Actions</span>
              </TH>
            ) : null}
          </TR>
        </THead>
        <TBody>
          {inboxes.map((inbox) => {
            const detail =
              inbox.channelType === "Channel::WebWidget" ? stringOf(inbox.channelConfig, "website_url") : inbox.webhookUrl;
            return (
              <TR key={inbox.id}>
                <TD className="font-medium text-slate-900">
                  <Link href={`${list}/${inbox.id}`} className="rounded hover:text-indigo-700 hover:underline">
                    {inbox.name}
                  </Link>
                </TD>
                <TD>
                  <Badge tone={inbox.channelType === "Channel::Api" ? "accent" : "success"}>{channelLabels[inbox.channelType]}</Badge>
                </TD>
                <TD className="break-all text-slate-500">{detail ?? <span className="text-slate-400">—</span>}</TD>
                {admin ? (
                  <TD>
                    <div className="flex justify-end gap-2">
                      <ButtonLink variant="secondary" size="sm" href={`${list}/${inbox.id}`} aria-label={`Edit ${inbox.name}`}>
                        Edit
                      </ButtonLink>
                      <ConfirmButton
                        action={deleteInboxAction.bind(null, ctx.account.id, inbox.id)}
                        label="Delete"
                        ariaLabel={`Delete ${inbox.name}`}
                        title={`Delete “${inbox.name}”?`}
                        description="Its conversations, messages and contact identities are deleted with it, and Client API callers using its identifier stop working. This cannot be undone."
                        confirmLabel="Delete inbox"
                        pendingLabel="Deleting…"
                      />
                    </div>
                  </TD>
                ) : null}
              </TR>
            );
          })}
        </TBody>
      </Table>
    </SettingsList>
  );
}
