import type { Metadata } from "next";
import { AdminOnly } from "@/components/settings/admin-only";
import { LabelForm } from "@/components/settings/label-form";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { isAdmin, pageContext } from "@/lib/portal/context";
import { updateLabelAction } from "@/lib/portal/actions/labels";
import { loadLabel } from "@/lib/portal/loaders/labels";
import { settingsPath } from "@/lib/portal/paths";

export const metadata: Metadata = { title: "Edit label · Venuedesk" };

export default async function EditLabelPage({ params }: { params: Promise<{ account_id: string; id: string }> }) {
  const { account_id, id } = await params;
  const ctx = await pageContext(account_id);
  const label = await loadLabel(account_id, id);
  const list = settingsPath(ctx.account.id, "labels");
  const back = { href: list, label: "Labels" };
  return (
    <>
      <PageHeader title={`Edit “${label.title}”`} back={back} />
      {isAdmin(ctx) ? (
        <Card>
          <LabelForm
            action={updateLabelAction.bind(null, ctx.account.id, label.id)}
            label={{ title: label.title, description: label.description, color: label.color, show_on_sidebar: label.showOnSidebar }}
            submitLabel="Save changes"
            cancelHref={list}
          />
        </Card>
      ) : (
        <AdminOnly what="change labels" back={back} />
      )}
    </>
  );
}
