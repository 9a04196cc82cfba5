import type { Metadata } from "next";
import { ManagersOnly } from "@/components/settings/pricing/managers-only";
import { PlanEditor } from "@/components/settings/pricing/plan-editor";
import { canManagePricing, pricingSpaces, rateOptions } from "@/lib/portal/loaders/pricing";
import { pricingPath } from "@/lib/portal/paths";
import { PageHeader } from "@/components/ui/page-header";
import { pageContext } from "@/lib/portal/context";
import { savePricingPlanAction } from "@/lib/portal/actions/pricing";

export const metadata: Metadata = { title: "New pricing plan · Venuedesk" };

export default async function NewPricingPlanPage({ params }: { params: Promise<{ account_id: string }> }) {
  const ctx = await pageContext((await params).account_id);
  const list = pricingPath(ctx.account.id, "plans");
  const back = { href: list, label: "Pricing plans" };
  if (!canManagePricing(ctx)) {
    return (
      <>
        <PageHeader title="New pricing plan" back={back} />
        <ManagersOnly what="add pricing plans" back={back} />
      </>
    );
  }
  const spaces = await pricingSpaces(ctx);
  const rates = await rateOptions(ctx, spaces.names);
  return (
    <>
      <PageHeader title="New pricing plan" back={back} />
      <PlanEditor
        action={savePricingPlanAction.bind(null, ctx.account.id, null)}
        plan={null}
        rates={rates}
        spaces={spaces.choices}
        submitLabel="Create pricing plan"
        cancelHref={list}
      />
    </>
  );
}
