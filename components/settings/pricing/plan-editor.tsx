"use client";

import { useEffect, useRef, useState, useTransition, type FormEvent } from "react";
import { FormMessage } from "@/components/settings/form-message";
import { Button, ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { PlusIcon } from "@/components/ui/icons";
import { Select } from "@/components/ui/select";
import { idleState, type FormState } from "@/lib/portal/form-state";
import type { RateOption } from "@/lib/portal/loaders/pricing";
import { attempt, type Outcome } from "@/lib/portal/outcome";
import { ClauseList, type SpaceOption } from "./clause-editor";
import { bundleErrorKey, draftOf, planPayload, planRefusal, ruleErrorKey, type BundleRow, type PlanDraft, type RuleRow, type StoredPlan } from "./plan-state";
import { bundleUnitLabels, categoryLabels, formatDecimal, formatPercent, options, unitLabels } from "./pricing-format";
import { RowControls, moved } from "./row-controls";

type Props = {
  /** Saves the whole plan (the API's body); answers only when it was refused, else it navigates. */
  action: (payload: unknown) => Promise<Outcome>;
  plan: StoredPlan | null;
  rates: RateOption[];
  spaces: SpaceOption[];
  submitLabel: string;
  cancelHref: string;
};

const rateLine = (rate: RateOption) =>
  `${formatDecimal(rate.amount)} ${unitLabels[rate.unit].toLowerCase()} · ${formatPercent(rate.tax_rate)} tax · ${rate.space ?? "any space"}${rate.active ? "" : " · inactive"}`;

const nextPriority = (rules: RuleRow[]) => {
  const numbers = rules.map((rule) => Number(rule.priority)).filter(Number.isInteger);
  return String(numbers.length === 0 ? 1 : Math.max(...numbers) + 1);
};

/** Moving a rule swaps its priority with the neighbour's, so the order on screen stays the order rules are tried in. */
const moveRule = (rules: RuleRow[], from: number, to: number): RuleRow[] => {
  const a = rules[from];
  const b = rules[to];
  if (!a || !b) return rules;
  const swapped = rules.map((rule, i) => (i === from ? { ...rule, priority: b.priority } : i === to ? { ...rule, priority: a.priority } : rule));
  return moved(swapped, from, to);
};

const RuleCard = ({
  rule,
  index,
  count,
  rates,
  spaces,
  errors,
  onChange,
  onMove,
  onRemove,
  onDefault,
  newKey,
}: {
  rule: RuleRow;
  index: number;
  count: number;
  rates: RateOption[];
  spaces: SpaceOption[];
  errors: Record<string, string>;
  onChange: (rule: RuleRow) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  onDefault: (on: boolean) => void;
  newKey: () => string;
}) => {
  const id = (field: string) => `rule-${rule.key}-${field}`;
  const error = (field: string) => errors[ruleErrorKey(rule.key, field)];
  const rate = rates.find((option) => String(option.id) === rule.rate_id);
  const rateOptions = [
    { value: "", label: "Choose a rate…" },
    ...rates.map((option) => ({ value: String(option.id), label: `${option.name}${option.active ? "" : " (inactive)"}` })),
  ];
  const flag = (field: "active" | "is_default") => error(field);
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3 shadow-xs sm:p-4">
      <div role="group" aria-label={`Rule ${index + 1}`}>
      <div className="mb-3 flex items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-2">
          <span className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-xs font-semibold text-indigo-700" aria-hidden="true">
            {index + 1}
          </span>
          <h3 className="truncate text-sm font-semibold text-slate-900">{rule.name.trim() || "New rule"}</h3>
        </div>
        <RowControls noun="rule" index={index} count={count} onMove={onMove} onRemove={onRemove} />
      </div>
      {error("rule") ? (
        <p data-error className="mb-3 text-sm text-red-700">
          {error("rule")}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)_6rem]">
        <Input
          id={id("name")}
          name={id("name")}
          label="Rule name"
          required
          autoComplete="off"
          value={rule.name}
          onChange={(event) => onChange({ ...rule, name: event.target.value })}
          error={error("name")}
          placeholder="e.g. Weekend evenings"
        />
        <Select
          id={id("rate")}
          name={id("rate")}
          label="Rate"
          required
          options={rateOptions}
          value={rule.rate_id}
          onChange={(event) => onChange({ ...rule, rate_id: event.target.value })}
          error={error("rate_id")}
          hint={rate ? rateLine(rate) : undefined}
        />
        <Input
          id={id("priority")}
          name={id("priority")}
          label="Priority"
          type="number"
          inputMode="numeric"
          step={1}
          value={rule.priority}
          onChange={(event) => onChange({ ...rule, priority: event.target.value })}
          error={error("priority")}
        />
      </div>
      <div className="mt-3 flex flex-wrap gap-x-8 gap-y-2">
        <Checkbox id={id("active")} name={id("active")} label="Active" checked={rule.active} onChange={(event) => onChange({ ...rule, active: event.target.checked })} />
        <Checkbox
          id={id("default")}
          name={id("default")}
          label="Default rule"
          checked={rule.is_default}
          onChange={(event) => onDefault(event.target.checked)}
          hint="Prices what no other rule matches."
        />
      </div>
      {flag("active") || flag("is_default") ? (
        <p data-error className="mt-2 text-sm text-red-700">
          {[flag("active"), flag("is_default")].filter(Boolean).join(" · ")}
        </p>
      ) : null}
      <div className="mt-4">
        <ClauseList ruleKey={rule.key} clauses={rule.clauses} onChange={(clauses) => onChange({ ...rule, clauses })} spaces={spaces} errors={errors} newKey={newKey} />
      </div>
      </div>
    </li>
  );
};

const BundleCard = ({
  bundle,
  index,
  count,
  errors,
  onChange,
  onMove,
  onRemove,
}: {
  bundle: BundleRow;
  index: number;
  count: number;
  errors: Record<string, string>;
  onChange: (bundle: BundleRow) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}) => {
  const id = (field: string) => `bundle-${bundle.key}-${field}`;
  const error = (field: string) => errors[bundleErrorKey(bundle.key, field)];
  const set = <K extends keyof BundleRow>(field: K, value: BundleRow[K]) => onChange({ ...bundle, [field]: value });
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3 shadow-xs sm:p-4">
      <div role="group" aria-label={`Bundle ${index + 1}`}>
      <div className="mb-3 flex items-center justify-between gap-3">
        <h3 className="truncate text-sm font-semibold text-slate-900">{bundle.name.trim() || "New bundle"}</h3>
        <RowControls noun="bundle" index={index} count={count} onMove={onMove} onRemove={onRemove} />
      </div>
      {error("bundle") || error("key") ? (
        <p data-error className="mb-3 text-sm text-red-700">
          {error("bundle") ?? error("key")}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)_7rem_5.5rem_minmax(0,1fr)]">
        <Input
          id={id("name")}
          name={id("name")}
          label="Bundle name"
          required
          autoComplete="off"
          value={bundle.name}
          onChange={(event) => set("name", event.target.value)}
          error={error("name")}
          placeholder="e.g. Welcome drinks"
        />
        <Select
          id={id("unit")}
          name={id("unit")}
          label="Unit"
          options={options(bundleUnitLabels)}
          value={bundle.unit}
          onChange={(event) => set("unit", event.target.value as BundleRow["unit"])}
          error={error("unit")}
        />
        <Input
          id={id("amount")}
          name={id("amount")}
          label="Amount"
          required
          inputMode="decimal"
          autoComplete="off"
          value={bundle.amount}
          onChange={(event) => set("amount", event.target.value)}
          error={error("amount")}
          placeholder="0.00"
          className="tabular-nums"
        />
        <Input
          id={id("tax")}
          name={id("tax")}
          label="Tax %"
          inputMode="decimal"
          autoComplete="off"
          value={bundle.tax_rate}
          onChange={(event) => set("tax_rate", event.target.value)}
          error={error("tax_rate")}
          placeholder="0"
        />
        <Select
          id={id("category")}
          name={id("category")}
          label="Category"
          options={options(categoryLabels)}
          value={bundle.category}
          onChange={(event) => set("category", event.target.value as BundleRow["category"])}
          error={error("category")}
        />
        <Input
          id={id("description")}
          name={id("description")}
          label="Description"
          autoComplete="off"
          value={bundle.description}
          onChange={(event) => set("description", event.target.value)}
          error={error("description")}
          placeholder="What the customer gets, as the quote line says it"
          className="sm:col-span-2 lg:col-span-5"
        />
      </div>
      </div>
    </li>
  );
};

/**
 * The pricing plan editor: the plan's dates and flags, its rules (each with its conditions) and
 * bundles, all kept here and saved as one plan body. The server's errors come back named by
 * index and are shown at the rule, condition or bundle they were about.
 */
export const PlanEditor = ({ action, plan, rates, spaces, submitLabel, cancelHref }: Props) => {
  const [draft, setDraft] = useState<PlanDraft>(() => draftOf(plan));
  const [result, setResult] = useState<{ state: FormState; errors: Record<string, string> }>({ state: idleState, errors: {} });
  const [pending, startTransition] = useTransition();
  const counter = useRef(0);
  const form = useRef<HTMLFormElement>(null);
  const newKey = () => `n${++counter.current}`;
  const errors = result.errors;

  // After a refused save, the first field at fault is brought into view and focused.
  useEffect(() => {
    if (result.state.status !== "error") return;
    const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    const marked = form.current?.querySelector<HTMLElement>("[data-error]");
    const target = invalid ?? marked;
    target?.scrollIntoView({ block: "center" });
    invalid?.focus({ preventScroll: true });
  }, [result]);

  const set = <K extends keyof PlanDraft>(field: K, value: PlanDraft[K]) => setDraft((current) => ({ ...current, [field]: value }));
  const setRules = (update: (rules: RuleRow[]) => RuleRow[]) => setDraft((current) => ({ ...current, rules: update(current.rules) }));
  const setBundles = (update: (bundles: BundleRow[]) => BundleRow[]) => setDraft((current) => ({ ...current, bundles: update(current.bundles) }));

  const save = (event: FormEvent) => {
    event.preventDefault();
    const sent = draft;
    startTransition(async () => {
      // A request that never gets an answer is a refusal too: the draft stays as it was.
      const outcome = await attempt(() => action(planPayload(sent)));
      if (!outcome.ok) setResult(planRefusal(outcome, sent));
    });
  };

  const addRule = () =>
    setRules((rules) => [
      ...rules,
      { key: newKey(), name: "", rate_id: rates.length === 1 ? String(rates[0]!.id) : "", priority: nextPriority(rules), active: true, is_default: false, clauses: [] },
    ]);
  const addBundle = () =>
    setBundles((bundles) => [...bundles, { key: newKey(), stored_key: null, name: "", unit: "person", amount: "", tax_rate: "", category: "other", description: "" }]);

  return (
    <form ref={form} onSubmit={save} noValidate className="space-y-6">
      <Card title="Plan" description="When the plan prices bookings. Several plans cover a date: the latest start wins; none does: the default plan.">
        <div className="grid gap-5 sm:grid-cols-2">
          <Input
            id="plan-name"
            name="name"
            label="Name"
            required
            autoComplete="off"
            value={draft.name}
            onChange={(event) => set("name", event.target.value)}
            error={errors.name}
            className="sm:col-span-2"
          />
          <Input
            id="plan-valid-from"
            name="valid_from"
            label="Valid from"
            type="date"
            value={draft.valid_from}
            onChange={(event) => set("valid_from", event.target.value)}
            error={errors.valid_from}
            hint="Empty: from the beginning."
          />
          <Input
            id="plan-valid-to"
            name="valid_to"
            label="Valid to"
            type="date"
            value={draft.valid_to}
            onChange={(event) => set("valid_to", event.target.value)}
            error={errors.valid_to}
            hint="The last day it applies. Empty: no end."
          />
          <div className="space-y-3 sm:col-span-2">
            <Checkbox
              id="plan-repeat-yearly"
              name="repeat_yearly"
              label="Repeat every year"
              checked={draft.repeat_yearly}
              onChange={(event) => set("repeat_yearly", event.target.checked)}
              hint="Only the day and month of the dates count, e.g. a Christmas season from 1 Dec to 6 Jan."
            />
            <Checkbox
              id="plan-active"
              name="active"
              label="Active"
              checked={draft.active}
              onChange={(event) => set("active", event.target.checked)}
              hint="Inactive plans price nothing unless an event chooses them."
            />
            <Checkbox
              id="plan-default"
              name="is_default"
              label="Default plan"
              checked={draft.is_default}
              onChange={(event) => set("is_default", event.target.checked)}
              hint="Prices the dates no other plan covers. Making this plan the default takes over from the current one."
            />
            {errors.repeat_yearly || errors.active || errors.is_default ? (
              <p data-error className="text-sm text-red-700">
                {errors.repeat_yearly ?? errors.active ?? errors.is_default}
              </p>
            ) : null}
          </div>
        </div>
      </Card>

      <Card
        title="Rules"
        description="Each booking is priced by the first active rule, from the top, whose conditions all hold and whose rate fits the space; if none does, by the default rule."
      >
        {draft.rules.length === 0 ? (
          <p className="rounded-md border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">
            No rules yet. Add one to say which rate prices which bookings, e.g. a day rate at weekends and an hourly rate otherwise.
          </p>
        ) : (
          <ol className="space-y-4" aria-label="Rules">
            {draft.rules.map((rule, index) => (
              <RuleCard
                key={rule.key}
                rule={rule}
                index={index}
                count={draft.rules.length}
                rates={rates}
                spaces={spaces}
                errors={errors}
                onChange={(next) => setRules((rules) => rules.map((r) => (r.key === rule.key ? next : r)))}
                onMove={(to) => setRules((rules) => moveRule(rules, index, to))}
                onRemove={() => setRules((rules) => rules.filter((r) => r.key !== rule.key))}
                onDefault={(on) => setRules((rules) => rules.map((r) => (r.key === rule.key ? { ...r, is_default: on } : on ? { ...r, is_default: false } : r)))}
                newKey={newKey}
              />
            ))}
          </ol>
        )}
        {errors.pricing_rules ? (
          <p data-error className="mt-3 text-sm text-red-700">
            {errors.pricing_rules}
          </p>
        ) : null}
        {rates.length === 0 ? <p className="mt-3 text-sm text-amber-800">Create a rate first: every rule prices with one.</p> : null}
        <Button variant="secondary" className="mt-4" onClick={addRule}>
          <PlusIcon className="size-4" />
          Add rule
        </Button>
      </Card>

      <Card title="Bundles" description="Packages a planner adds to a quote as one line, such as welcome drinks per guest or an AV set at a fixed price.">
        {draft.bundles.length === 0 ? (
          <p className="rounded-md border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">No bundles in this plan.</p>
        ) : (
          <ol className="space-y-4" aria-label="Bundles">
            {draft.bundles.map((bundle, index) => (
              <BundleCard
                key={bundle.key}
                bundle={bundle}
                index={index}
                count={draft.bundles.length}
                errors={errors}
                onChange={(next) => setBundles((bundles) => bundles.map((b) => (b.key === bundle.key ? next : b)))}
                onMove={(to) => setBundles((bundles) => moved(bundles, index, to))}
                onRemove={() => setBundles((bundles) => bundles.filter((b) => b.key !== bundle.key))}
              />
            ))}
          </ol>
        )}
        {errors.bundles ? (
          <p data-error className="mt-3 text-sm text-red-700">
            {errors.bundles}
          </p>
        ) : null}
        <Button variant="secondary" className="mt-4" onClick={addBundle}>
          <PlusIcon className="size-4" />
          Add bundle
        </Button>
      </Card>

      <div className="space-y-4 border-t border-slate-200 pt-5">
        <FormMessage state={result.state} />
        <div className="flex items-center gap-2">
          <Button type="submit" disabled={pending} aria-disabled={pending}>
            {pending ? "Saving…" : submitLabel}
          </Button>
          <ButtonLink variant="secondary" href={cancelHref}>
            Cancel
          </ButtonLink>
        </div>
      </div>
    </form>
  );
};
