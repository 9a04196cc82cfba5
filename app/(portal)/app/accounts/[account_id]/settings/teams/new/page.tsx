import type { Metadata } from "next";
import { AdminOnly } from "@/components/settings/admin-only";
import { TeamForm } from "@/components/settings/team-form";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { isAdmin, pageContext } from "@/lib/portal/context";
import { settingsPath } from "@/lib/portal/paths";
import { createTeamAction } from "@/lib/portal/actions/teams";

export const metadata: Metadata = { title: "New team · Venuedesk" };

export default async function NewTeamPage({ params }: { params: Promise<{ account_id: string }> }) {
  const ctx = await pageContext((await params).account_id);
  const list = settingsPath(ctx.account.id, "teams");
  const back = { href: list, label: "Teams" };
  return (
    <>
      <PageHeader title="New team" description="You choose its agents on the next page." back={back} />
      {isAdmin(ctx) ? (
        <Card>
          <TeamForm action={createTeamAction.bind(null, ctx.account.id)} submitLabel="Create team" cancelHref={list} />
        </Card>
      ) : (
        <AdminOnly what="add teams" back={back} />
      )}
    </>
  );
}
