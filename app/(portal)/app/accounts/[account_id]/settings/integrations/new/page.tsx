import type { Metadata } from "next";
import { IntegrationForm } from "@/components/integrations/integration-form";
import { AdminOnly } from "@/components/settings/admin-only";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { createIntegrationAction } from "@/lib/portal/actions/integrations";
import { isAdmin, pageContext } from "@/lib/portal/context";
import { settingsPath } from "@/lib/portal/paths";

export const metadata: Metadata = { title: "Register integration · Venuedesk" };

export default async function NewIntegrationPage({ params }: { params: Promise<{ account_id: string }> }) {
  const ctx = await pageContext((await params).account_id);
  const list = settingsPath(ctx.account.id, "integrations");
  const back = { href: list, label: "Integrations" };
  return (
    <>
      <PageHeader
        title="Register integration"
        description="An OAuth application for your own program. You get its client secret once, right after registering."
        back={back}
      />
      {isAdmin(ctx) ? (
        <Card>
          <IntegrationForm action={createIntegrationAction.bind(null, ctx.account.id)} listHref={list} />
        </Card>
      ) : (
        <AdminOnly what="register integrations" back={back} />
      )}
    </>
  );
}
