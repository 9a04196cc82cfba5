import type { ComponentProps } from "react";
import { cn } from "./cn";

/** A bordered table; `label` names it for assistive technology (and for tests). */
export const Table = ({ label, className, children, ...props }: ComponentProps<"table"> & { label: string }) => (
  <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
    <table aria-label={label} className={cn("min-w-full divide-y divide-slate-200 text-sm", className)} {...props}>
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

export const TD = ({ className, ...props }: ComponentProps<"td">) => (
  <td className={cn("px-4 py-3 text-slate-700", className)} {...props} />
);
