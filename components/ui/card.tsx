import type { ReactNode } from "react";
import { cn } from "./cn";

/** A white panel with an optional heading; sections of a settings page. */
export const Card = ({
  title,
  description,
  children,
  className,
}: {
  title?: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) => (
  <section className={cn("rounded-lg border border-slate-200 bg-white p-6 shadow-sm", className)}>
    {title ? (
      <div className="mb-5">
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        {description ? <p className="mt-1 text-sm text-slate-500">{description}</p> : null}
      </div>
    ) : null}
    {children}
  </section>
);
