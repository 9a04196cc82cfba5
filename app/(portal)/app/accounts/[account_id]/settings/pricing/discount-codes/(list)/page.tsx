import type { Metadata } from "next";
import Link from "next/link";
import { canManagePricing } from "@/lib/portal/loaders/pricing";
import { pricingPath, readNotice } from "@/lib/portal/paths";
import { discountTypeLabels, formatDate, formatDecimal, formatPercent } from "@/components/settings/pricing/pricing-format";
import { SettingsList } from "@/components/settings/settings-list";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { TagIcon } from "@/components/ui/icons";
import { TBody, TD, TH, THead, TR, Table } from "@/components/ui/table";
import { listDiscountCodes } from "@/lib/pricing/discount-codes/discount-codes";
import { codeExpired } from "@/lib/pricing/discount-codes/usable";
import { venueZone } from "@/lib/planning/venue-zone";
import { pageContext, type SearchParams } from "@/lib/portal/context";
import { deleteDiscountCodeAction } from "@/lib/portal/actions/pricing";

export const metadata: Metadata = { title: "Discount codes · Venuedesk" };

export default async function DiscountCodesPage({ params, searchParams }: { params: Promise<{ account_id: string }>; searchParams: SearchParams }) {
  const ctx = await pageContext((await params).account_id);
  const query = await searchParams;
  const [codes, zone] = await Promise.all([listDiscountCodes(ctx), venueZone(ctx)]);
  const now = new Date();
  const manager = canManagePricing(ctx);
  const list = pricingPath(ctx.account.id, "discount-codes");
  return (
    <SettingsList
      accountId={ctx.account.id}
      section="pricing/discount-codes"
      admin={manager}
      title="Discount codes"
      description="Codes that take a percentage or a fixed amount off a quote, for returning customers, offers or partners."
      noun="Discount code"
      newLabel="New discount code"
      notice={readNotice(query.notice)}
      isEmpty={codes.length === 0}
      emptyIcon={<TagIcon className="size-6" />}
      emptyTitle="No discount codes yet"
      emptyDescription={
        manager
          ? "Discount codes take a percentage or an amount off a quote's subtotal. Create one, then apply it to a quote, with an end date or a limit on its uses if you like."
          : "Discount codes take a percentage or an amount off a quote. A member who manages quotes can create them."
      }
    >
      <Table label="Discount codes">
        <THead>
          <TR>
            <TH className="sm:w-40">Code</TH>
            <TH className="hidden sm:table-cell">Name</TH>
            <TH className="hidden w-28 text-right sm:table-cell">Discount</TH>
            <TH className="hidden w-36 md:table-cell">Valid until</TH>
            <TH className="hidden w-28 text-right sm:table-cell">Redeemed</TH>
            <TH className="hidden w-24 sm:table-cell">Status</TH>
            {manager ? (
              <TH className="relative">
                {/* Positioned, so the hidden heading stays inside the table's scroll area on a phone. */}
                <span className="sr-only">Actions</span>
              </TH>
            ) : null}
          </TR>
        </THead>
        <TBody>
          {codes.map((code) => {
            // Its last day lasts until midnight where the venue is, as when a quote applies it.
            const expired = codeExpired(code.validUntil, zone, now);
            const discount = code.discountType === "percentage" ? formatPercent(code.value) : formatDecimal(code.value);
            const usedUp = code.maxRedemptions !== null && code.redemptionsCount >= code.maxRedemptions;
            const status = !code.active ? <Badge>Inactive</Badge> : expired ? <Badge tone="warning">Expired</Badge> : usedUp ? <Badge tone="warning">Used up</Badge> : <Badge tone="success">Active</Badge>;
            return (
              <TR key={code.id}>
                <TD>
                  {manager ? (
                    <Link href={`${list}/${code.id}`} className="rounded font-mono text-sm font-semibold text-slate-900 hover:text-indigo-700 hover:underline">
                      {code.code}
                    </Link>
                  ) : (
                    <span className="font-mono text-sm font-semibold text-slate-900">{code.code}</span>
                  )}
                  <span className="mt-0.5 block text-xs text-slate-600 sm:hidden">
                    {code.name} · {discount} off
                  </span>
                  <span className="mt-1 block sm:hidden">{status}</span>
                </TD>
                <TD className="hidden text-slate-700 sm:table-cell">
                  {code.name}
                  <span className="block text-xs text-slate-500">{discountTypeLabels[code.discountType]}</span>
                </TD>
                <TD className="hidden text-right font-medium whitespace-nowrap text-slate-900 tabular-nums sm:table-cell">{discount}</TD>
                <TD className="hidden whitespace-nowrap md:table-cell">
                  {code.validUntil ? <span className={expired ? "text-amber-800" : "text-slate-700"}>{formatDate(code.validUntil)}</span> : <span className="text-slate-500">No end</span>}
                </TD>
                <TD className="hidden text-right whitespace-nowrap tabular-nums sm:table-cell">
                  {code.redemptionsCount} / {code.maxRedemptions ?? "∞"}
                  {code.maxRedemptions === null ? <span className="sr-only"> (no limit)</span> : null}
                </TD>
                <TD className="hidden sm:table-cell">{status}</TD>
                {manager ? (
                  <TD>
                    <div className="flex justify-end gap-2">
                      <ButtonLink variant="secondary" size="sm" href={`${list}/${code.id}`} aria-label={`Edit ${code.code}`}>
                        Edit
                      </ButtonLink>
                      <ConfirmButton
                        action={deleteDiscountCodeAction.bind(null, ctx.account.id, code.id)}
                        label="Delete"
                        ariaLabel={`Delete ${code.code}`}
                        title={`Delete the code “${code.code}”?`}
                        description="Quotes it was applied to keep their discount. This cannot be undone."
                        confirmLabel="Delete code"
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
