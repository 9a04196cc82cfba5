import type { ReactNode } from "react";
import { PlanningTabs } from "@/components/planning/planning-tabs";
import { pageContext } from "@/lib/portal/context";

export default async function PlanningLayout({ children, params }: { children: ReactNode; params: Promise<{ account_id: string }> }) {
  const ctx = await pageContext((await params).account_id);
  return (
    <>
      <PlanningTabs accountId={ctx.account.id} />
      {children}
    </>
  );
}
