import type { Metadata } from "next";
import { AdminOnly } from "@/components/settings/admin-only";
import { CannedResponseForm } from "@/components/settings/canned-response-form";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { createCannedResponseAction } from "@/lib/portal/actions/canned-responses";
import { isAdmin, pageContext } from "@/lib/portal/context";
import { settingsPath } from "@/lib/portal/paths";

export const metadata: Metadata = { title: "New canned response · Venuedesk" };

export default async function NewCannedResponsePage({ params }: { params: Promise<{ account_id: string }> }) {
  const ctx = await pageContext((await params).account_id);
  const list = settingsPath(ctx.account.id, "canned-responses");
  const back = { href: list, label: "Canned responses" };
  return (
    <>
      <PageHeader title="New canned response" back={back} />
      {isAdmin(ctx) ? (
        <Card>
          <CannedResponseForm action={createCannedResponseAction.bind(null, ctx.account.id)} submitLabel="Save" cancelHref={list} />
        </Card>
      ) : (
        <AdminOnly what="add canned responses" back={back} />
      )}
    </>
  );
}
