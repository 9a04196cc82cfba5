import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { canManagePricing } from "@/lib/portal/loaders/pricing";
import { pricingPath, settingsPath } from "@/lib/portal/paths";
import { formatDecimal, formatPercent, planValidity, unitLabels } from "@/components/settings/pricing/pricing-format";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { CalendarIcon, PlusIcon, TagIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { listDiscountCodes } from "@/lib/pricing/discount-codes/discount-codes";
import { presentPricingPlan } from "@/lib/pricing/pricing-plans/present";
import { listPricingPlans } from "@/lib/pricing/pricing-plans/pricing-plans";
import { listRates } from "@/lib/pricing/rates/rates";
import { pageContext } from "@/lib/portal/context";

export const metadata: Metadata = { title: "Pricing · Venuedesk" };

/** How many of a list the overview names before "and n more". */
const shown = 4;

const Section = ({
  id,
  icon,
  title,
  summary,
  description,
  items,
  more,
  empty,
  href,
  linkLabel,
  newHref,
  newLabel,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  summary: string;
  description: string;
  items: { key: string | number; main: ReactNode; side: ReactNode }[];
  more: number;
  empty: string;
  href: string;
  linkLabel: string;
  newHref?: string;
  newLabel: string;
}) => (
  <section aria-labelledby={id} className="flex flex-col rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
    <div className="flex items-start gap-3">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-indigo-50 text-indigo-600" aria-hidden="true">
        {icon}
      </span>
      <div className="min-w-0">
        <h2 id={id} className="text-base font-semibold text-slate-900">
          <Link href={href} className="rounded hover:text-indigo-700 hover:underline">
            {title}
          </Link>
        </h2>
        <p className="text-sm text-slate-500">{summary}</p>
      </div>
    </div>
    <p className="mt-3 text-sm text-slate-600">{description}</p>
    {items.length === 0 ? (
      <p className="mt-4 rounded-md border border-dashed border-slate-300 px-3 py-4 text-center text-sm text-slate-500">{empty}</p>
    ) : (
      <ul className="mt-4 divide-y divide-slate-100 rounded-md border border-slate-200 text-sm">
        {items.map((item) => (
          <li key={item.key} className="px-3 py-2">
            <span className="block truncate text-slate-800">{item.main}</span>
            <span className="block truncate text-xs text-slate-500 tabular-nums">{item.side}</span>
          </li>
        ))}
        {more > 0 ? <li className="px-3 py-2 text-xs text-slate-500">and {more} more</li> : null}
      </ul>
    )}
    <div className="mt-auto flex flex-wrap gap-2 pt-5">
      <ButtonLink variant="secondary" size="sm" href={href}>
        {linkLabel}
      </ButtonLink>
      {newHref ? (
        <ButtonLink variant="ghost" size="sm" href={newHref}>
          <PlusIcon className="size-4" />
          {newLabel}
        </ButtonLink>
      ) : null}
    </div>
  </section>
);

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

export default async function PricingPage({ params }: { params: Promise<{ account_id: string }> }) {
  const ctx = await pageContext((await params).account_id);
  const [rates, plans, codes] = await Promise.all([listRates(ctx), listPricingPlans(ctx), listDiscountCodes(ctx)]);
  const manager = canManagePricing(ctx);
  const path = (...segments: string[]) => pricingPath(ctx.account.id, ...segments);
  const defaultPlan = plans.find((plan) => plan.isDefault);
  const activeCodes = codes.filter((code) => code.active).length;
  return (
    <>
      <PageHeader
        title="Pricing"
        description="How quotes are priced: rates say what you charge, pricing plans say which rate applies to which booking, and discount codes take something off."
        back={{ href: settingsPath(ctx.account.id), label: "Settings" }}
      />
      {manager ? null : (
        <p className="mb-4 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
          You can look at the account&apos;s prices; only members who manage quotes can change them.
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-3">
        <Section
          id="pricing-rates"
          icon={<TagIcon className="size-5" />}
          title="Rates"
          summary={`${count(rates.length, "rate")}, ${rates.filter((rate) => rate.active).length} active`}
          description="What you charge: per hour, per day, per person or a fixed price, with its tax."
          items={rates.slice(0, shown).map((rate) => ({
            key: rate.id,
            main: rate.name,
            side: `${formatDecimal(rate.amount)} ${unitLabels[rate.unit].toLowerCase()}`,
          }))}
          more={Math.max(0, rates.length - shown)}
          empty="No rates yet."
          href={path("rates")}
          linkLabel="All rates"
          newHref={manager ? path("rates", "new") : undefined}
          newLabel="New rate"
        />
        <Section
          id="pricing-plans"
          icon={<CalendarIcon className="size-5" />}
          title="Pricing plans"
          summary={defaultPlan ? `Default: ${defaultPlan.name}` : plans.length > 0 ? "No default plan" : "No plans yet"}
          description="Rules that pick the rate for each booking by weekday, time, guests, space or season, and bundles to add to quotes."
          items={plans.slice(0, shown).map((plan) => ({
            key: plan.id,
            main: (
              <>
                {plan.name} {plan.isDefault ? <Badge tone="accent">Default</Badge> : null}
              </>
            ),
            side: `${planValidity(presentPricingPlan(plan))} · ${count(plan.rules.length, "rule")}`,
          }))}
          more={Math.max(0, plans.length - shown)}
          empty="No pricing plans yet."
          href={path("plans")}
          linkLabel="All pricing plans"
          newHref={manager ? path("plans", "new") : undefined}
          newLabel="New plan"
        />
        <Section
          id="pricing-discount-codes"
          icon={<TagIcon className="size-5" />}
          title="Discount codes"
          summary={`${count(codes.length, "code")}, ${activeCodes} active`}
          description="Codes that take a percentage or a fixed amount off a quote's subtotal."
          items={codes.slice(0, shown).map((code) => ({
            key: code.id,
            main: <span className="font-mono text-xs font-semibold">{code.code}</span>,
            side: code.discountType === "percentage" ? `${formatPercent(code.value)} off` : `${formatDecimal(code.value)} off`,
          }))}
          more={Math.max(0, codes.length - shown)}
          empty="No discount codes yet."
          href={path("discount-codes")}
          linkLabel="All discount codes"
          newHref={manager ? path("discount-codes", "new") : undefined}
          newLabel="New code"
        />
      </div>
    </>
  );
}
