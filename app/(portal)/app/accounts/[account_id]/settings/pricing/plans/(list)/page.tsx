import type { Metadata } from "next";
import Link from "next/link";
import { canManagePricing } from "@/lib/portal/loaders/pricing";
import { pricingPath, readNotice } from "@/lib/portal/paths";
import { planValidity } from "@/components/settings/pricing/pricing-format";
import { SettingsList } from "@/components/settings/settings-list";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { CalendarIcon } from "@/components/ui/icons";
import { TBody, TD, TH, THead, TR, Table } from "@/components/ui/table";
import { presentPricingPlan } from "@/lib/pricing/pricing-plans/present";
import { listPricingPlans } from "@/lib/pricing/pricing-plans/pricing-plans";
import { pageContext, type SearchParams } from "@/lib/portal/context";
import { deletePricingPlanAction } from "@/lib/portal/actions/pricing";

export const metadata: Metadata = { title: "Pricing plans · Venuedesk" };

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

export default async function PricingPlansPage({ params, searchParams }: { params: Promise<{ account_id: string }>; searchParams: SearchParams }) {
  const ctx = await pageContext((await params).account_id);
  const query = await searchParams;
  const plans = (await listPricingPlans(ctx)).map(presentPricingPlan);
  const manager = canManagePricing(ctx);
  const list = pricingPath(ctx.account.id, "plans");
  return (
    <SettingsList
      accountId={ctx.account.id}
      section="pricing/plans"
      admin={manager}
      title="Pricing plans"
      description="Which rate prices which booking, by weekday, time, guests, space or season. A plan applies between its dates; the default plan covers the rest."
      noun="Pricing plan"
      newLabel="New pricing plan"
      notice={readNotice(query.notice)}
      isEmpty={plans.length === 0}
      emptyIcon={<CalendarIcon className="size-6" />}
      emptyTitle="No pricing plans yet"
      emptyDescription={
        manager
          ? "A pricing plan's rules pick the rate for each booking — a day rate at weekends, an hourly rate otherwise — and its bundles are packages to add to quotes. Start with a default plan."
          : "A pricing plan's rules pick the rate for each booking, and its bundles are packages to add to quotes. A member who manages quotes can create them."
      }
    >
      <Table label="Pricing plans">
        <THead>
          <TR>
            <TH>Plan</TH>
            <TH className="hidden w-64 sm:table-cell">Applies</TH>
            <TH className="hidden w-20 text-right md:table-cell">Rules</TH>
            <TH className="hidden w-24 text-right md:table-cell">Bundles</TH>
            <TH className="sm:w-44">Status</TH>
            {manager ? (
              <TH className="relative">
                {/* Positioned, so the hidden heading stays inside the table's scroll area on a phone. */}
                <span className="sr-only">Actions</span>
              </TH>
            ) : null}
          </TR>
        </THead>
        <TBody>
          {plans.map((plan) => (
            <TR key={plan.id}>
              <TD>
                <Link href={`${list}/${plan.id}`} className="rounded font-medium text-slate-900 hover:text-indigo-700 hover:underline">
                  {plan.name}
                </Link>
                <span className="mt-0.5 block text-xs text-slate-500 md:hidden">
                  <span className="sm:hidden">{planValidity(plan)} · </span>
                  {count(plan.pricing_rules.length, "rule")} · {count(plan.bundles.length, "bundle")}
                </span>
              </TD>
              <TD className="hidden text-slate-700 sm:table-cell">{planValidity(plan)}</TD>
              <TD className="hidden text-right tabular-nums md:table-cell">{plan.pricing_rules.length}</TD>
              <TD className="hidden text-right tabular-nums md:table-cell">{plan.bundles.length}</TD>
              <TD>
                <span className="flex flex-wrap gap-1">
                  {plan.is_default ? <Badge tone="accent">Default</Badge> : null}
                  {plan.active ? <Badge tone="success">Active</Badge> : <Badge>Inactive</Badge>}
                </span>
              </TD>
              {manager ? (
                <TD>
                  <div className="flex justify-end gap-2">
                    <ButtonLink variant="secondary" size="sm" href={`${list}/${plan.id}`} aria-label={`Edit ${plan.name}`}>
                      Edit
                    </ButtonLink>
                    <ConfirmButton
                      action={deletePricingPlanAction.bind(null, ctx.account.id, plan.id)}
                      label="Delete"
                      ariaLabel={`Delete ${plan.name}`}
                      title={`Delete the plan “${plan.name}”?`}
                      description={
                        plan.is_default
                          ? "Its rules and bundles go with it, and dates no other plan covers will have no prices until another plan is made the default. Quotes already made keep their prices."
                          : "Its rules and bundles go with it; events that chose it fall back to the plan for their date. Quotes already made keep their prices."
                      }
                      confirmLabel="Delete plan"
                      pendingLabel="Deleting…"
                    />
                  </div>
                </TD>
              ) : null}
            </TR>
          ))}
        </TBody>
      </Table>
    </SettingsList>
  );
}
