import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn";

/*
 * Below `sm` a `stacked` table turns each body row into a card: the header row is hidden and
 * each cell sits on its own line, headed by the `label` its TD was given. A phone then never
 * scrolls the page, or the table, sideways, and no column is out of sight.
 */
const stackedClasses = [
  "max-sm:block max-sm:[&>thead]:hidden max-sm:[&>tbody]:block",
  "max-sm:[&>tbody>tr]:flex max-sm:[&>tbody>tr]:flex-col max-sm:[&>tbody>tr]:gap-2 max-sm:[&>tbody>tr]:px-4 max-sm:[&>tbody>tr]:py-3",
  "max-sm:[&>tbody>tr>td]:p-0",
].join(" ");

/**
 * A bordered table; `label` names it for assistive technology (and for tests). `stacked` makes
 * each row a card of labelled cells on a phone (give every TD a `label`).
 */
export const Table = ({ label, stacked = false, className, children, ...props }: ComponentProps<"table"> & { label: string; stacked?: boolean }) => (
  <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
    <table aria-label={label} className={cn("min-w-full divide-y divide-slate-200 text-sm", stacked && stackedClasses, className)} {...props}>
      {children}
    </table>
  </div>
);

export const THead = (props: ComponentProps<"thead">) => <thead className="bg-slate-50" {...props} />;
export const TBody = (props: ComponentProps<"tbody">) => <tbody className="divide-y divide-slate-100" {...props} />;
export const TR = ({ className, ...props }: ComponentProps<"tr">) => <tr className={cn("align-top", className)} {...props} />;

export const TH = ({ className, ...props }: ComponentProps<"th">) => (
  <th
    scope="col"
    className={cn("px-4 py-2.5 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase", className)}
    {...props}
  />
);

/**
 * A cell. `label` is only for a `stacked` table: it heads the cell on a phone, where the column
 * headers are hidden (it is not shown from `sm` up).
 */
export const TD = ({ className, label, children, ...props }: ComponentProps<"td"> & { label?: ReactNode }) => (
  <td className={cn("px-4 py-3 text-slate-700", label !== undefined && "max-sm:grid max-sm:grid-cols-[5rem_minmax(0,1fr)] max-sm:items-baseline max-sm:gap-x-3", className)} {...props}>
    {label !== undefined ? (
      <>
        <span className="text-xs font-medium text-slate-500 sm:hidden">{label}</span>
        <div className="min-w-0">{children}</div>
      </>
    ) : (
      children
    )}
  </td>
);
