import type { Metadata } from "next";
import { DiscountCodeForm } from "@/components/settings/pricing/discount-code-form";
import { ManagersOnly } from "@/components/settings/pricing/managers-only";
import { canManagePricing } from "@/lib/portal/loaders/pricing";
import { pricingPath } from "@/lib/portal/paths";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { pageContext } from "@/lib/portal/context";
import { createDiscountCodeAction } from "@/lib/portal/actions/pricing";

export const metadata: Metadata = { title: "New discount code · Venuedesk" };

export default async function NewDiscountCodePage({ params }: { params: Promise<{ account_id: string }> }) {
  const ctx = await pageContext((await params).account_id);
  const list = pricingPath(ctx.account.id, "discount-codes");
  const back = { href: list, label: "Discount codes" };
  return (
    <>
      <PageHeader title="New discount code" back={back} />
      {canManagePricing(ctx) ? (
        <Card>
          <DiscountCodeForm action={createDiscountCodeAction.bind(null, ctx.account.id)} submitLabel="Create discount code" cancelHref={list} />
        </Card>
      ) : (
        <ManagersOnly what="add discount codes" back={back} />
      )}
    </>
  );
}
