import type { Metadata } from "next";
import { AdminOnly } from "@/components/settings/admin-only";
import { AgentForm } from "@/components/settings/agent-form";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { createAgentAction } from "@/lib/portal/actions/agents";
import { isAdmin, pageContext } from "@/lib/portal/context";
import { settingsPath } from "@/lib/portal/paths";

export const metadata: Metadata = { title: "Add agent · Venuedesk" };

export default async function NewAgentPage({ params }: { params: Promise<{ account_id: string }> }) {
  const ctx = await pageContext((await params).account_id);
  const list = settingsPath(ctx.account.id, "agents");
  const back = { href: list, label: "Agents" };
  return (
    <>
      <PageHeader title="Add agent" description={`Give someone access to ${ctx.account.name}.`} back={back} />
      {isAdmin(ctx) ? (
        <Card>
          <AgentForm action={createAgentAction.bind(null, ctx.account.id)} submitLabel="Add agent" cancelHref={list} />
        </Card>
      ) : (
        <AdminOnly what="add agents" back={back} />
      )}
    </>
  );
}
