import type { Metadata } from "next";
import { AdminOnly } from "@/components/settings/admin-only";
import { CannedResponseForm } from "@/components/settings/canned-response-form";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { updateCannedResponseAction } from "@/lib/portal/actions/canned-responses";
import { isAdmin, pageContext } from "@/lib/portal/context";
import { loadCannedResponse } from "@/lib/portal/loaders/canned-responses";
import { settingsPath } from "@/lib/portal/paths";

export const metadata: Metadata = { title: "Edit canned response · Venuedesk" };

export default async function EditCannedResponsePage({ params }: { params: Promise<{ account_id: string; id: string }> }) {
  const { account_id, id } = await params;
  const ctx = await pageContext(account_id);
  const row = await loadCannedResponse(account_id, id);
  const list = settingsPath(ctx.account.id, "canned-responses");
  const back = { href: list, label: "Canned responses" };
  return (
    <>
      <PageHeader title={`Edit “${row.shortCode}”`} back={back} />
      {isAdmin(ctx) ? (
        <Card>
          <CannedResponseForm
            action={updateCannedResponseAction.bind(null, ctx.account.id, row.id)}
            initial={{ short_code: row.shortCode, content: row.content }}
            submitLabel="Save changes"
            cancelHref={list}
          />
        </Card>
      ) : (
        <AdminOnly what="change canned responses" back={back} />
      )}
    </>
  );
}
