import type { Metadata } from "next";
import { ManagersOnly } from "@/components/settings/pricing/managers-only";
import { canManagePricing, pricingSpaces } from "@/lib/portal/loaders/pricing";
import { pricingPath } from "@/lib/portal/paths";
import { RateForm } from "@/components/settings/pricing/rate-form";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { pageContext } from "@/lib/portal/context";
import { createRateAction } from "@/lib/portal/actions/pricing";

export const metadata: Metadata = { title: "New rate · Venuedesk" };

export default async function NewRatePage({ params }: { params: Promise<{ account_id: string }> }) {
  const ctx = await pageContext((await params).account_id);
  const list = pricingPath(ctx.account.id, "rates");
  const back = { href: list, label: "Rates" };
  if (!canManagePricing(ctx)) {
    return (
      <>
        <PageHeader title="New rate" back={back} />
        <ManagersOnly what="add rates" back={back} />
      </>
    );
  }
  const spaces = await pricingSpaces(ctx);
  return (
    <>
      <PageHeader title="New rate" back={back} />
      <Card>
        <RateForm action={createRateAction.bind(null, ctx.account.id)} spaces={spaces.choices} submitLabel="Create rate" cancelHref={list} />
      </Card>
    </>
  );
}
