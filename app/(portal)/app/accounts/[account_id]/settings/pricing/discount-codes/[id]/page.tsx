import type { Metadata } from "next";
import { DiscountCodeForm } from "@/components/settings/pricing/discount-code-form";
import { ManagersOnly } from "@/components/settings/pricing/managers-only";
import { canManagePricing, loadDiscountCode } from "@/lib/portal/loaders/pricing";
import { pricingPath } from "@/lib/portal/paths";
import { Card } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { PageHeader } from "@/components/ui/page-header";
import { pageContext } from "@/lib/portal/context";
import { deleteDiscountCodeAction, updateDiscountCodeAction } from "@/lib/portal/actions/pricing";

export const metadata: Metadata = { title: "Edit discount code · Venuedesk" };

export default async function EditDiscountCodePage({ params }: { params: Promise<{ account_id: string; id: string }> }) {
  const { account_id, id } = await params;
  const ctx = await pageContext(account_id);
  const code = await loadDiscountCode(account_id, id);
  const list = pricingPath(ctx.account.id, "discount-codes");
  const back = { href: list, label: "Discount codes" };
  if (!canManagePricing(ctx)) {
    return (
      <>
        <PageHeader title={code.code} back={back} />
        <ManagersOnly what="change discount codes" back={back} />
      </>
    );
  }
  return (
    <>
      <PageHeader title={`Edit “${code.code}”`} back={back} />
      <div className="space-y-6">
        <Card>
          <DiscountCodeForm
            action={updateDiscountCodeAction.bind(null, ctx.account.id, code.id)}
            code={{
              name: code.name,
              code: code.code,
              discount_type: code.discountType,
              value: code.value,
              active: code.active,
              valid_until: code.validUntil,
              max_redemptions: code.maxRedemptions,
              redemptions_count: code.redemptionsCount,
            }}
            submitLabel="Save changes"
            cancelHref={list}
          />
        </Card>
        <Card title="Delete discount code">
          <div className="flex flex-wrap items-center justify-between gap-4">
            <p className="max-w-xl text-sm text-slate-600">Quotes it was applied to keep their discount; it can no longer be applied to new ones.</p>
            <ConfirmButton
              action={deleteDiscountCodeAction.bind(null, ctx.account.id, code.id)}
              label="Delete code"
              triggerVariant="danger"
              triggerSize="md"
              title={`Delete the code “${code.code}”?`}
              description="This cannot be undone."
              confirmLabel="Delete code"
              pendingLabel="Deleting…"
            />
          </div>
        </Card>
      </div>
    </>
  );
}
