import Link from "next/link";
import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

export type StateTone = "success" | "warning" | "info" | "neutral";

const tones: Record<StateTone, { box: string; icon: string; title: string }> = {
  success: { box: "border-emerald-200 bg-emerald-50", icon: "bg-emerald-600 text-white", title: "text-emerald-900" },
  warning: { box: "border-amber-200 bg-amber-50", icon: "bg-amber-500 text-white", title: "text-amber-900" },
  info: { box: "border-sky-200 bg-sky-50", icon: "bg-sky-600 text-white", title: "text-sky-900" },
  neutral: { box: "border-slate-200 bg-slate-50", icon: "bg-slate-500 text-white", title: "text-slate-900" },
};

const icons: Record<StateTone, ReactNode> = {
  success: <path d="M5 12.5l4.5 4.5L19 7" />,
  warning: <path d="M12 7v6M12 17v.01" />,
  info: <path d="M12 11v6M12 7v.01" />,
  neutral: <path d="M7 12h10" />,
};

/** Where a decided, replaced or lapsed quote stands, first thing on the page. */
export const QuoteState = ({
  tone,
  title,
  children,
  link,
}: {
  tone: StateTone;
  title: string;
  children: ReactNode;
  link?: { href: string; label: string } | null;
}) => {
  const style = tones[tone];
  return (
    <section aria-labelledby="quote-state-heading" className={cn("flex gap-4 rounded-xl border p-4 sm:p-5", style.box)}>
      <span className={cn("flex size-8 shrink-0 items-center justify-center rounded-full", style.icon)}>
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className="size-4">
          {icons[tone]}
        </svg>
      </span>
      <div className="min-w-0 space-y-1 text-sm text-slate-700">
        <h2 id="quote-state-heading" className={cn("text-base font-semibold", style.title)}>
          {title}
        </h2>
        {children}
        {link ? (
          <p className="pt-1">
            <Link href={link.href} className="font-medium text-teal-800 underline decoration-teal-300 underline-offset-2 hover:text-teal-900">
              {link.label} →
            </Link>
          </p>
        ) : null}
      </div>
    </section>
  );
};
