import type { Metadata } from "next";
import { Notice } from "@/components/settings/notice";
import { PlanDetails } from "@/components/settings/pricing/plan-details";
import { PlanEditor } from "@/components/settings/pricing/plan-editor";
import { canManagePricing, loadPricingPlan, pricingSpaces, rateOptions } from "@/lib/portal/loaders/pricing";
import { pricingPath, readNotice } from "@/lib/portal/paths";
import { planValidity } from "@/components/settings/pricing/pricing-format";
import { Card } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { PageHeader } from "@/components/ui/page-header";
import { StatusMessage } from "@/components/ui/status-message";
import { pageContext, type SearchParams } from "@/lib/portal/context";
import { deletePricingPlanAction, savePricingPlanAction } from "@/lib/portal/actions/pricing";

export const metadata: Metadata = { title: "Pricing plan · Venuedesk" };

export default async function PricingPlanPage({ params, searchParams }: { params: Promise<{ account_id: string; id: string }>; searchParams: SearchParams }) {
  const { account_id, id } = await params;
  const ctx = await pageContext(account_id);
  const query = await searchParams;
  const plan = await loadPricingPlan(account_id, id);
  const spaces = await pricingSpaces(ctx);
  const rates = await rateOptions(ctx, spaces.names);
  const list = pricingPath(ctx.account.id, "plans");
  const manager = canManagePricing(ctx);
  const description = `${planValidity(plan)}${plan.is_default ? " · default plan" : ""}${plan.active ? "" : " · inactive"}`;
  return (
    <>
      <PageHeader title={manager ? `Edit “${plan.name}”` : plan.name} description={description} back={{ href: list, label: "Pricing plans" }} />
      <Notice notice={readNotice(query.notice)} noun="Pricing plan" />
      {manager ? (
        <div className="space-y-6">
          {/* A save comes back here with the stored plan: the editor starts again from it. */}
          <PlanEditor
            key={plan.updated_at}
            action={savePricingPlanAction.bind(null, ctx.account.id, plan.id)}
            plan={plan}
            rates={rates}
            spaces={spaces.choices}
            submitLabel="Save changes"
            cancelHref={list}
          />
          <Card title="Delete plan">
            <div className="flex flex-wrap items-center justify-between gap-4">
              <p className="max-w-xl text-sm text-slate-600">
                Its rules and bundles go with it. Quotes already made keep their prices; events that chose this plan fall back to the plan for their date.
              </p>
              <ConfirmButton
                action={deletePricingPlanAction.bind(null, ctx.account.id, plan.id)}
                label="Delete plan"
                triggerVariant="danger"
                triggerSize="md"
                title={`Delete the plan “${plan.name}”?`}
                description="This cannot be undone."
                confirmLabel="Delete plan"
                pendingLabel="Deleting…"
              />
            </div>
          </Card>
        </div>
      ) : (
        <div className="space-y-4">
          <StatusMessage tone="info">Only members who manage quotes can change pricing plans.</StatusMessage>
          <PlanDetails plan={plan} rates={rates} spaces={spaces.names} />
        </div>
      )}
    </>
  );
}
