import type { Metadata } from "next";
import Link from "next/link";
import { SettingsList } from "@/components/settings/settings-list";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { BotIcon } from "@/components/ui/icons";
import { TBody, TD, TH, THead, TR, Table } from "@/components/ui/table";
import { listAccountAgentBots, presentAccountBots } from "@/lib/agent-bots/agent-bots";
import { deleteAgentBotAction } from "@/lib/portal/actions/agent-bots";
import { isAdmin, pageContext, type SearchParams } from "@/lib/portal/context";
import { readNotice, settingsPath } from "@/lib/portal/paths";

export const metadata: Metadata = { title: "Agent bots · Venuedesk" };

export default async function AgentBotsPage({ params, searchParams }: { params: Promise<{ account_id: string }>; searchParams: SearchParams }) {
  const ctx = await pageContext((await params).account_id);
  const query = await searchParams;
  const bots = await presentAccountBots(ctx, await listAccountAgentBots(ctx));
  const admin = isAdmin(ctx);
  const list = settingsPath(ctx.account.id, "agent-bots");
  return (
    <SettingsList
      accountId={ctx.account.id}
      section="agent-bots"
      admin={admin}
      title="Agent bots"
      description="Bots answer conversations through the API and hand over to your team when they need to."
      noun="Agent bot"
      newLabel="New agent bot"
      notice={readNotice(query.notice)}
      isEmpty={bots.length === 0}
      emptyIcon={<BotIcon className="size-6" />}
      emptyTitle="No agent bots yet"
      emptyDescription={
        admin
          ? "Connect a bot to answer common questions around the clock; it receives conversation events at its outgoing URL."
          : "When an administrator connects a bot to this account, you will find it here."
      }
    >
      <Table label="Agent bots">
        <THead>
          <TR>
            <TH>Name</TH>
            <TH>Outgoing URL</TH>
            <TH className="w-28">Kind</TH>
            {admin ? (
              <TH className="w-40">
                <span className="sr-only">Actions</span>
              </TH>
            ) : null}
          </TR>
        </THead>
        <TBody>
          {bots.map((bot) => {
            const editable = admin && !bot.system_bot;
            return (
              <TR key={bot.id}>
                <TD>
                  {editable ? (
                    <Link href={`${list}/${bot.id}`} className="rounded font-medium text-slate-900 hover:text-indigo-700 hover:underline">
                      {bot.name}
                    </Link>
                  ) : (
                    <span className="font-medium text-slate-900">{bot.name}</span>
                  )}
                  {bot.description ? <span className="block text-slate-500">{bot.description}</span> : null}
                </TD>
                <TD className="font-mono text-xs break-all">{bot.outgoing_url ?? <span className="font-sans text-slate-400">None</span>}</TD>
                <TD>{bot.system_bot ? <Badge>System</Badge> : <Badge tone="accent">Account</Badge>}</TD>
                {admin ? (
                  <TD>
                    {editable ? (
                      <div className="flex justify-end gap-2">
                        <ButtonLink variant="secondary" size="sm" href={`${list}/${bot.id}`} aria-label={`Edit ${bot.name}`}>
                          Edit
                        </ButtonLink>
                        <ConfirmButton
                          action={deleteAgentBotAction.bind(null, ctx.account.id, bot.id)}
                          label="Delete"
                          ariaLabel={`Delete ${bot.name}`}
                          title={`Delete ${bot.name}?`}
                          description="Its access token stops working and it stops receiving events. This cannot be undone."
                          confirmLabel="Delete"
                          pendingLabel="Deleting…"
                        />
                      </div>
                    ) : (
                      <span className="block text-right text-xs text-slate-500">Managed by the platform</span>
                    )}
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
