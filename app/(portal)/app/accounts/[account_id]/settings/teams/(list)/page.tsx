import type { Metadata } from "next";
import Link from "next/link";
import { SettingsList } from "@/components/settings/settings-list";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { TeamIcon } from "@/components/ui/icons";
import { TBody, TD, TH, THead, TR, Table } from "@/components/ui/table";
import { isAdmin, pageContext, type SearchParams } from "@/lib/portal/context";
import { readNotice, settingsPath } from "@/lib/portal/paths";
import { deleteTeamAction } from "@/lib/portal/actions/teams";
import { listTeams } from "@/lib/teams/teams";

export const metadata: Metadata = { title: "Teams · Venuedesk" };

export default async function TeamsPage({ params, searchParams }: { params: Promise<{ account_id: string }>; searchParams: SearchParams }) {
  const ctx = await pageContext((await params).account_id);
  const query = await searchParams;
  const teams = await listTeams(ctx);
  const admin = isAdmin(ctx);
  const list = settingsPath(ctx.account.id, "teams");
  return (
    <SettingsList
      accountId={ctx.account.id}
      section="teams"
      admin={admin}
      title="Teams"
      description="Groups of agents a conversation can be handed to, such as weddings or corporate events."
      noun="Team"
      newLabel="New team"
      notice={readNotice(query.notice)}
      isEmpty={teams.length === 0}
      emptyIcon={<TeamIcon className="size-6" />}
      emptyTitle="No teams yet"
      emptyDescription={
        admin
          ? "Create a team to hand conversations to a group of agents rather than one person."
          : "When an administrator creates teams, you will find them here."
      }
    >
      <Table label="Teams">
        <THead>
          <TR>
            <TH>Name</TH>
            <TH>Description</TH>
            <TH className="w-48">
              <span className="sr-only">Status</span>
            </TH>
            {admin ? (
              <TH className="w-40">
                <span className="sr-only">Actions</span>
              </TH>
            ) : null}
          </TR>
        </THead>
        <TBody>
          {teams.map((team) => (
            <TR key={team.id}>
              <TD className="font-medium text-slate-900">
                {admin ? (
                  <Link href={`${list}/${team.id}`} className="rounded hover:text-indigo-700 hover:underline">
                    {team.name}
                  </Link>
                ) : (
                  team.name
                )}
              </TD>
              <TD className="text-slate-600">{team.description || <span className="text-slate-400">—</span>}</TD>
              <TD>
                <div className="flex flex-wrap gap-1.5">
                  {team.isMember ? <Badge tone="accent">You’re a member</Badge> : null}
                  {team.allowAutoAssign ? <Badge>Auto-assign</Badge> : null}
                </div>
              </TD>
              {admin ? (
                <TD>
                  <div className="flex justify-end gap-2">
                    <ButtonLink variant="secondary" size="sm" href={`${list}/${team.id}`} aria-label={`Edit ${team.name}`}>
                      Edit
                    </ButtonLink>
                    <ConfirmButton
                      action={deleteTeamAction.bind(null, ctx.account.id, team.id)}
                      label="Delete"
                      ariaLabel={`Delete ${team.name}`}
                      title={`Delete the team “${team.name}”?`}
                      description="Its conversations stay, without a team. Its agents keep their access. This cannot be undone."
                      confirmLabel="Delete team"
                      pendingLabel="Deleting…"
                    />
                  </div>
                </TD>
              ) : null}
            </TR>
          ))}
        </TBody>
      </Table>
    </SettingsList>
  );
}
