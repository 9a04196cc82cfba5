import type { ReactNode } from "react";
import { PricingTabs } from "@/components/settings/pricing/pricing-tabs";
import { pageContext } from "@/lib/portal/context";

export default async function PricingLayout({ children, params }: { children: ReactNode; params: Promise<{ account_id: string }> }) {
  const ctx = await pageContext((await params).account_id);
  return (
    <>
      <PricingTabs accountId={ctx.account.id} />
      {children}
    </>
  );
}
