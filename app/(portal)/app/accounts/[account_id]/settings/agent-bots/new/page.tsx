import type { Metadata } from "next";
import { AdminOnly } from "@/components/settings/admin-only";
import { AgentBotForm } from "@/components/settings/agent-bot-form";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { createAgentBotAction } from "@/lib/portal/actions/agent-bots";
import { isAdmin, pageContext } from "@/lib/portal/context";
import { settingsPath } from "@/lib/portal/paths";

export const metadata: Metadata = { title: "New agent bot · Venuedesk" };

export default async function NewAgentBotPage({ params }: { params: Promise<{ account_id: string }> }) {
  const ctx = await pageContext((await params).account_id);
  const list = settingsPath(ctx.account.id, "agent-bots");
  const back = { href: list, label: "Agent bots" };
  return (
    <>
      <PageHeader title="New agent bot" description="You will get its access token once it is saved." back={back} />
      {isAdmin(ctx) ? (
        <Card>
          <AgentBotForm action={createAgentBotAction.bind(null, ctx.account.id)} submitLabel="Create bot" cancelHref={list} />
        </Card>
      ) : (
        <AdminOnly what="add agent bots" back={back} />
      )}
    </>
  );
}
