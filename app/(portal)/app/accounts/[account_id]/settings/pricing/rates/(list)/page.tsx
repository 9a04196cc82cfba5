import type { Metadata } from "next";
import Link from "next/link";
import { canManagePricing, pricingSpaces } from "@/lib/portal/loaders/pricing";
import { pricingPath, readNotice } from "@/lib/portal/paths";
import { categoryLabels, formatDecimal, formatPercent, unitLabels } from "@/components/settings/pricing/pricing-format";
import { SettingsList } from "@/components/settings/settings-list";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { TagIcon } from "@/components/ui/icons";
import { TBody, TD, TH, THead, TR, Table } from "@/components/ui/table";
import { listPricingPlans } from "@/lib/pricing/pricing-plans/pricing-plans";
import { listRates } from "@/lib/pricing/rates/rates";
import { pageContext, type SearchParams } from "@/lib/portal/context";
import { deleteRateAction } from "@/lib/portal/actions/pricing";

export const metadata: Metadata = { title: "Rates · Venuedesk" };

/** Which plans price with each rate, for "Used by …" under its name. */
const usage = (plans: Awaited<ReturnType<typeof listPricingPlans>>) => {
  const byRate = new Map<number, { rules: number; plans: Set<string> }>();
  for (const plan of plans) {
    for (const rule of plan.rules) {
      const entry = byRate.get(rule.rateId) ?? { rules: 0, plans: new Set<string>() };
      entry.rules += 1;
      entry.plans.add(plan.name);
      byRate.set(rule.rateId, entry);
    }
  }
  return byRate;
};

export default async function RatesPage({ params, searchParams }: { params: Promise<{ account_id: string }>; searchParams: SearchParams }) {
  const ctx = await pageContext((await params).account_id);
  const query = await searchParams;
  const [rates, plans, spaces] = await Promise.all([listRates(ctx), listPricingPlans(ctx), pricingSpaces(ctx)]);
  const manager = canManagePricing(ctx);
  const used = usage(plans);
  const list = pricingPath(ctx.account.id, "rates");
  return (
    <SettingsList
      accountId={ctx.account.id}
      section="pricing/rates"
      admin={manager}
      title="Rates"
      description="What you charge: per hour, per day, per person or a fixed price. Pricing plans decide which rate prices which booking."
      noun="Rate"
      newLabel="New rate"
      notice={readNotice(query.notice)}
      isEmpty={rates.length === 0}
      emptyIcon={<TagIcon className="size-6" />}
      emptyTitle="No rates yet"
      emptyDescription={
        manager
          ? "Rates are what you charge: per hour, day, person or a fixed price, with their tax. Create one, then use it in a pricing plan's rules."
          : "Rates are what you charge: per hour, day, person or a fixed price. A member who manages quotes can create them."
      }
    >
      <Table label="Rates">
        <THead>
          <TR>
            <TH className="sm:min-w-56">Rate</TH>
            <TH className="hidden sm:table-cell">Unit</TH>
            <TH className="hidden text-right sm:table-cell">Amount</TH>
            <TH className="hidden text-right sm:table-cell">Tax</TH>
            <TH className="hidden md:table-cell">Category · space</TH>
            <TH className="hidden sm:table-cell">Status</TH>
            {manager ? (
              <TH className="relative">
                {/* Positioned, so the hidden heading stays inside the table's scroll area on a phone. */}
                <span className="sr-only">Actions</span>
              </TH>
            ) : null}
          </TR>
        </THead>
        <TBody>
          {rates.map((rate) => {
            const use = used.get(rate.id);
            const space = rate.spaceId ? (spaces.names.get(rate.spaceId) ?? "Deleted space") : null;
            return (
              <TR key={rate.id}>
                <TD>
                  {manager ? (
                    <Link href={`${list}/${rate.id}`} className="rounded font-medium text-slate-900 hover:text-indigo-700 hover:underline">
                      {rate.name}
                    </Link>
                  ) : (
                    <span className="font-medium text-slate-900">{rate.name}</span>
                  )}
                  {/* Narrow screens drop columns; the essentials move under the name. */}
                  <span className="mt-0.5 block text-xs text-slate-700 tabular-nums sm:hidden">
                    {formatDecimal(rate.amount)} {unitLabels[rate.unit].toLowerCase()} · {formatPercent(rate.taxRate)} tax
                  </span>
                  <span className="mt-0.5 block text-xs text-slate-500 md:hidden">
                    {categoryLabels[rate.category]} · {space ?? "Any space"}
                    {rate.active ? null : <span className="sm:hidden"> · Inactive</span>}
                  </span>
                  <span className="mt-0.5 block text-xs text-slate-500">
                    {use ? `Used by ${use.rules} rule${use.rules === 1 ? "" : "s"} in ${[...use.plans].join(", ")}` : "Not used by any plan"}
                  </span>
                </TD>
                <TD className="hidden whitespace-nowrap text-slate-600 sm:table-cell">{unitLabels[rate.unit]}</TD>
                <TD className="hidden text-right font-medium whitespace-nowrap text-slate-900 tabular-nums sm:table-cell">{formatDecimal(rate.amount)}</TD>
                <TD className="hidden text-right whitespace-nowrap tabular-nums sm:table-cell">{formatPercent(rate.taxRate)}</TD>
                <TD className="hidden whitespace-nowrap md:table-cell">
                  <span className="text-slate-700">{categoryLabels[rate.category]}</span>
                  <span className={`block text-xs ${space ? "text-slate-700" : "text-slate-500"}`}>{space ?? "Any space"}</span>
                </TD>
                <TD className="hidden sm:table-cell">{rate.active ? <Badge tone="success">Active</Badge> : <Badge>Inactive</Badge>}</TD>
                {manager ? (
                  <TD>
                    <div className="flex justify-end gap-2">
                      <ButtonLink variant="secondary" size="sm" href={`${list}/${rate.id}`} aria-label={`Edit ${rate.name}`}>
                        Edit
                      </ButtonLink>
                      <ConfirmButton
                        action={deleteRateAction.bind(null, ctx.account.id, rate.id)}
                        label="Delete"
                        ariaLabel={`Delete ${rate.name}`}
                        title={`Delete the rate “${rate.name}”?`}
                        description="Quotes already made keep their prices. A rate that a pricing rule still uses cannot be deleted: change or remove the rule first."
                        confirmLabel="Delete rate"
                        pendingLabel="Deleting…"
                      />
                    </div>
                  </TD>
                ) : null}
              </TR>
            );
          })}
        </TBody>
      </Table>
    </SettingsList>
  );
}
