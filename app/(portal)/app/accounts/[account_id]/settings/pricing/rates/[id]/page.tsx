import type { Metadata } from "next";
import { ManagersOnly } from "@/components/settings/pricing/managers-only";
import { canManagePricing, loadRate, pricingSpaces } from "@/lib/portal/loaders/pricing";
import { pricingPath } from "@/lib/portal/paths";
import { RateForm } from "@/components/settings/pricing/rate-form";
import { Card } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { PageHeader } from "@/components/ui/page-header";
import { pageContext } from "@/lib/portal/context";
import { deleteRateAction, updateRateAction } from "@/lib/portal/actions/pricing";

export const metadata: Metadata = { title: "Edit rate · Venuedesk" };

export default async function EditRatePage({ params }: { params: Promise<{ account_id: string; id: string }> }) {
  const { account_id, id } = await params;
  const ctx = await pageContext(account_id);
  const rate = await loadRate(account_id, id);
  const list = pricingPath(ctx.account.id, "rates");
  const back = { href: list, label: "Rates" };
  if (!canManagePricing(ctx)) {
    return (
      <>
        <PageHeader title={rate.name} back={back} />
        <ManagersOnly what="change rates" back={back} />
      </>
    );
  }
  const spaces = await pricingSpaces(ctx);
  return (
    <>
      <PageHeader title={`Edit “${rate.name}”`} back={back} />
      <div className="space-y-6">
        <Card>
          <RateForm
            action={updateRateAction.bind(null, ctx.account.id, rate.id)}
            rate={{
              name: rate.name,
              unit: rate.unit,
              amount: rate.amount,
              tax_rate: rate.taxRate,
              category: rate.category,
              space_id: rate.spaceId,
              active: rate.active,
            }}
            spaces={spaces.choices}
            submitLabel="Save changes"
            cancelHref={list}
          />
        </Card>
        <Card title="Delete rate">
          <div className="flex flex-wrap items-center justify-between gap-4">
            <p className="max-w-xl text-sm text-slate-600">
              Quotes already made keep their prices. A rate that a pricing rule still uses cannot be deleted: change or remove the rule first.
            </p>
            <ConfirmButton
              action={deleteRateAction.bind(null, ctx.account.id, rate.id)}
              label="Delete rate"
              triggerVariant="danger"
              triggerSize="md"
              title={`Delete the rate “${rate.name}”?`}
              description="This cannot be undone."
              confirmLabel="Delete rate"
              pendingLabel="Deleting…"
            />
          </div>
        </Card>
      </div>
    </>
  );
}
