import type { Metadata } from "next";
import { SettingsList } from "@/components/settings/settings-list";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { ContactsIcon } from "@/components/ui/icons";
import { TBody, TD, TH, THead, TR, Table } from "@/components/ui/table";
import { listAgents } from "@/lib/agents/agents";
import { deleteAgentAction } from "@/lib/portal/actions/agents";
import { isAdmin, pageContext, type SearchParams } from "@/lib/portal/context";
import { readNotice, settingsPath } from "@/lib/portal/paths";

export const metadata: Metadata = { title: "Agents · Venuedesk" };

const availabilityTone = { online: "success", busy: "warning", offline: "neutral" } as const;
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export default async function AgentsPage({ params, searchParams }: { params: Promise<{ account_id: string }>; searchParams: SearchParams }) {
  const ctx = await pageContext((await params).account_id);
  const query = await searchParams;
  const agents = await listAgents(ctx);
  const admin = isAdmin(ctx);
  const me = ctx.caller.user.id;
  const list = settingsPath(ctx.account.id, "agents");
  return (
    <SettingsList
      accountId={ctx.account.id}
      section="agents"
      admin={admin}
      title="Agents"
      description="Everyone who can sign in to this account. Administrators also manage its settings."
      noun="Agent"
      newLabel="Add agent"
      notice={readNotice(query.notice)}
      isEmpty={agents.length === 0}
      emptyIcon={<ContactsIcon className="size-6" />}
      emptyTitle="No agents yet"
      emptyDescription="People you add to this account appear here."
      emptyAction={false}
    >
      <Table label="Agents">
        <THead>
          <TR>
            <TH>Name</TH>
            <TH className="w-36">Role</TH>
            <TH className="w-32">Availability</TH>
            {admin ? (
              <TH className="w-40">
                <span className="sr-only">Actions</span>
              </TH>
            ) : null}
          </TR>
        </THead>
        <TBody>
          {agents.map((agent) => {
            const name = agent.displayName || agent.name;
            const self = agent.userId === me;
            return (
              <TR key={agent.userId}>
                <TD>
                  <span className="block font-medium text-slate-900">
                    {name}
                    {self ? <span className="ml-1.5 text-xs font-normal text-slate-500">(you)</span> : null}
                  </span>
                  <span className="block text-slate-500">{agent.email}</span>
                </TD>
                <TD>
                  <Badge tone={agent.role === "administrator" ? "accent" : "neutral"}>{capitalised(agent.role)}</Badge>
                </TD>
                <TD>
                  <Badge tone={availabilityTone[agent.availability]}>{capitalised(agent.availability)}</Badge>
                </TD>
                {admin ? (
                  <TD>
                    <div className="flex justify-end gap-2">
                      <ButtonLink variant="secondary" size="sm" href={`${list}/${agent.userId}`} aria-label={`Edit ${name}`}>
                        Edit
                      </ButtonLink>
                      <ConfirmButton
                        action={deleteAgentAction.bind(null, ctx.account.id, agent.userId)}
                        label="Remove"
                        ariaLabel={`Remove ${name}`}
                        title={`Remove ${name} from ${ctx.account.name}?`}
                        description={
                          self
                            ? "You will lose access to this account. Your login and your other accounts stay."
                            : "They will lose access to this account. Their login and any other accounts they belong to stay."
                        }
                        confirmLabel="Remove"
                        pendingLabel="Removing…"
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
