"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/components/ui/cn";
import { settingsPath } from "@/lib/portal/paths";

const tabs = [
  { segment: null, label: "Overview" },
  { segment: "rates", label: "Rates" },
  { segment: "plans", label: "Pricing plans" },
  { segment: "discount-codes", label: "Discount codes" },
] as const;

/** The pricing settings' sections. The overview is the pricing index; the others own their sub-paths. */
export const PricingTabs = ({ accountId }: { accountId: number }) => {
  const pathname = usePathname();
  const base = settingsPath(accountId, "pricing");
  return (
    <nav aria-label="Pricing" className="mb-6 border-b border-slate-200">
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {tabs.map(({ segment, label }) => {
          const href = segment ? `${base}/${segment}` : base;
          const current = segment ? pathname === href || pathname.startsWith(`${href}/`) : pathname === base;
          return (
            <li key={label}>
              <Link
                href={href}
                aria-current={current ? "page" : undefined}
                className={cn(
                  "inline-flex items-center border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors",
                  "rounded-t focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600",
                  current ? "border-indigo-600 text-indigo-700" : "border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-800",
                )}
              >
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
};
