import type { Metadata } from "next";
import { AdminOnly } from "@/components/settings/admin-only";
import { LabelForm } from "@/components/settings/label-form";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { isAdmin, pageContext } from "@/lib/portal/context";
import { createLabelAction } from "@/lib/portal/actions/labels";
import { settingsPath } from "@/lib/portal/paths";

export const metadata: Metadata = { title: "New label · Venuedesk" };

export default async function NewLabelPage({ params }: { params: Promise<{ account_id: string }> }) {
  const ctx = await pageContext((await params).account_id);
  const list = settingsPath(ctx.account.id, "labels");
  const back = { href: list, label: "Labels" };
  return (
    <>
      <PageHeader title="New label" back={back} />
      {isAdmin(ctx) ? (
        <Card>
          <LabelForm action={createLabelAction.bind(null, ctx.account.id)} submitLabel="Create label" cancelHref={list} />
        </Card>
      ) : (
        <AdminOnly what="add labels" back={back} />
      )}
    </>
  );
}
