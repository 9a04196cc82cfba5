import type { Metadata } from "next";
import { AdminOnly } from "@/components/settings/admin-only";
import { MembersForm } from "@/components/settings/members-form";
import { Notice } from "@/components/settings/notice";
import { TeamForm } from "@/components/settings/team-form";
import { Card } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { PageHeader } from "@/components/ui/page-header";
import { listAgents } from "@/lib/agents/agents";
import { isAdmin, pageContext, type SearchParams } from "@/lib/portal/context";
import { readNotice, settingsPath } from "@/lib/portal/paths";
import { deleteTeamAction, replaceTeamMembersAction, updateTeamAction } from "@/lib/portal/actions/teams";
import { loadTeam } from "@/lib/portal/loaders/teams";
import { listTeamMembers } from "@/lib/teams/members";

export const metadata: Metadata = { title: "Team · Venuedesk" };

export default async function TeamPage({
  params,
  searchParams,
}: {
  params: Promise<{ account_id: string; id: string }>;
  searchParams: SearchParams;
}) {
  const { account_id, id } = await params;
  const ctx = await pageContext(account_id);
  const team = await loadTeam(account_id, id);
  const list = settingsPath(ctx.account.id, "teams");
  const back = { href: list, label: "Teams" };
  if (!isAdmin(ctx)) {
    return (
      <>
        <PageHeader title={team.name} back={back} />
        <AdminOnly what="change teams" back={back} />
      </>
    );
  }

  const [members, agents] = await Promise.all([listTeamMembers(ctx, team.id), listAgents(ctx)]);
  return (
    <>
      <PageHeader title={team.name} description="Edit the team and choose its agents." back={back} />
      <Notice notice={readNotice((await searchParams).notice)} noun="Team" />
      <div className="space-y-6">
        <Card title="Details">
          <TeamForm
            action={updateTeamAction.bind(null, ctx.account.id, team.id)}
            team={{ name: team.name, description: team.description, allow_auto_assign: team.allowAutoAssign }}
            submitLabel="Save changes"
          />
        </Card>
        <Card title="Agents" description="Conversations handed to the team can go to any of them.">
          <MembersForm
            action={replaceTeamMembersAction.bind(null, ctx.account.id, team.id)}
            agents={agents.map((agent) => ({ id: agent.userId, name: agent.displayName || agent.name, email: agent.email, role: agent.role }))}
            members={members.map((member) => member.userId)}
            legend={`Agents of ${team.name}`}
          />
        </Card>
        <Card title="Delete team">
          <div className="flex flex-wrap items-center justify-between gap-4">
            <p className="max-w-xl text-sm text-slate-600">Its conversations stay, without a team. Its agents keep their access.</p>
            <ConfirmButton
              action={deleteTeamAction.bind(null, ctx.account.id, team.id)}
              label="Delete team"
              triggerVariant="danger"
              triggerSize="md"
              title={`Delete the team “${team.name}”?`}
              description="Its conversations stay, without a team. This cannot be undone."
              confirmLabel="Delete team"
              pendingLabel="Deleting…"
            />
          </div>
        </Card>
      </div>
    </>
  );
}
