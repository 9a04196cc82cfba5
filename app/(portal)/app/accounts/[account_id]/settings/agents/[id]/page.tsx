import type { Metadata } from "next";
import { AdminOnly } from "@/components/settings/admin-only";
import { AgentForm } from "@/components/settings/agent-form";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { updateAgentAction } from "@/lib/portal/actions/agents";
import { isAdmin, pageContext } from "@/lib/portal/context";
import { loadAgent } from "@/lib/portal/loaders/agents";
import { settingsPath } from "@/lib/portal/paths";

export const metadata: Metadata = { title: "Edit agent · Venuedesk" };

export default async function EditAgentPage({ params }: { params: Promise<{ account_id: string; id: string }> }) {
  const { account_id, id } = await params;
  const ctx = await pageContext(account_id);
  const agent = await loadAgent(account_id, id);
  const list = settingsPath(ctx.account.id, "agents");
  const back = { href: list, label: "Agents" };
  return (
    <>
      <PageHeader title={`Edit ${agent.displayName || agent.name}`} back={back} />
      {isAdmin(ctx) ? (
        <Card>
          <AgentForm
            action={updateAgentAction.bind(null, ctx.account.id, agent.userId)}
            agent={{
              name: agent.name,
              email: agent.email,
              role: agent.role,
              availability: agent.availability,
              auto_offline: agent.autoOffline,
            }}
            submitLabel="Save changes"
            cancelHref={list}
          />
        </Card>
      ) : (
        <AdminOnly what="change agents" back={back} />
      )}
    </>
  );
}
