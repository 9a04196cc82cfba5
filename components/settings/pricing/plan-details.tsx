import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { TBody, TD, TH, THead, TR, Table } from "@/components/ui/table";
import type { RateOption } from "@/lib/portal/loaders/pricing";
import type { StoredPlan } from "./plan-state";
import { bundleUnitLabels, categoryLabels, describeClause, formatDecimal, formatPercent, planValidity, unitLabels, type RateCategory } from "./pricing-format";

/** A pricing plan for members who may read it but not change it: its window, its rules in the order they are tried, its bundles. */
export const PlanDetails = ({ plan, rates, spaces }: { plan: StoredPlan; rates: RateOption[]; spaces: ReadonlyMap<string, string> }) => {
  const rateById = new Map(rates.map((rate) => [rate.id, rate]));
  return (
    <div className="space-y-6">
      <Card title="Plan">
        <dl className="grid gap-x-8 gap-y-4 text-sm sm:grid-cols-3">
          <div>
            <dt className="font-medium text-slate-500">Applies</dt>
            <dd className="mt-1 text-slate-900">{planValidity(plan)}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-500">Status</dt>
            <dd className="mt-1">{plan.active ? <Badge tone="success">Active</Badge> : <Badge>Inactive</Badge>}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-500">Default plan</dt>
            <dd className="mt-1 text-slate-900">{plan.is_default ? <Badge tone="accent">Default</Badge> : "No"}</dd>
          </div>
        </dl>
      </Card>

      <Card title="Rules" description="Tried from the top: the first active rule whose conditions all hold prices the booking; else the default rule.">
        {plan.pricing_rules.length === 0 ? (
          <p className="text-sm text-slate-500">This plan has no rules.</p>
        ) : (
          <Table label="Rules">
            <THead>
              <TR>
                <TH className="w-12">#</TH>
                <TH>Rule</TH>
                <TH>Conditions</TH>
                <TH className="hidden w-24 sm:table-cell">Status</TH>
              </TR>
            </THead>
            <TBody>
              {plan.pricing_rules.map((rule, index) => {
                const rate = rateById.get(rule.rate_id);
                return (
                  <TR key={index}>
                    <TD className="text-slate-500 tabular-nums">{index + 1}</TD>
                    <TD>
                      <span className="font-medium text-slate-900">{rule.name}</span>
                      <span className="block text-xs text-slate-500">
                        {rate ? `${rate.name} · ${formatDecimal(rate.amount)} ${unitLabels[rate.unit].toLowerCase()}` : "Unknown rate"} · priority {rule.priority}
                      </span>
                    </TD>
                    <TD>
                      {rule.clauses.length === 0 ? (
                        <span className="text-slate-500">{rule.is_default ? "Anything no other rule prices" : "Every booking"}</span>
                      ) : (
                        <ul className="space-y-0.5">
                          {rule.clauses.map((clause, j) => (
                            <li key={j}>{describeClause(clause, spaces)}</li>
                          ))}
                        </ul>
                      )}
                    </TD>
                    <TD className="hidden sm:table-cell">
                      <span className="flex flex-wrap gap-1">
                        {rule.active ? <Badge tone="success">Active</Badge> : <Badge>Inactive</Badge>}
                        {rule.is_default ? <Badge tone="accent">Default</Badge> : null}
                      </span>
                    </TD>
                  </TR>
                );
              })}
            </TBody>
          </Table>
        )}
      </Card>

      <Card title="Bundles" description="Packages a planner adds to a quote as one line.">
        {plan.bundles.length === 0 ? (
          <p className="text-sm text-slate-500">This plan has no bundles.</p>
        ) : (
          <Table label="Bundles">
            <THead>
              <TR>
                <TH>Bundle</TH>
                <TH className="w-32">Unit</TH>
                <TH className="w-28 text-right">Amount</TH>
                <TH className="w-16 text-right">Tax</TH>
                <TH className="hidden w-28 sm:table-cell">Category</TH>
              </TR>
            </THead>
            <TBody>
              {plan.bundles.map((bundle) => (
                <TR key={bundle.key}>
                  <TD>
                    <span className="font-medium text-slate-900">{bundle.name}</span>
                    {bundle.description ? <span className="block text-xs text-slate-500">{bundle.description}</span> : null}
                  </TD>
                  <TD className="text-slate-600">{bundleUnitLabels[bundle.unit]}</TD>
                  <TD className="text-right tabular-nums">{formatDecimal(bundle.amount)}</TD>
                  <TD className="text-right tabular-nums">{formatPercent(bundle.tax_rate)}</TD>
                  <TD className="hidden text-slate-600 sm:table-cell">{categoryLabels[bundle.category as RateCategory] ?? bundle.category}</TD>
                </TR>
              ))}
            </TBody>
          </Table>
        )}
      </Card>
    </div>
  );
};
