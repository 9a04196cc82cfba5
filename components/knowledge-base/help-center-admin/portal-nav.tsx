import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";

/* A portal page's links: its locales, and the status tabs of its articles (`?locale=`, `?status=`). */

const pill = (current: boolean) =>
  cn(
    "inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-medium whitespace-nowrap",
    current ? "bg-indigo-600 text-white" : "bg-white text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50",
  );

export const LocaleSwitch = ({
  locales,
  current,
  defaultLocale,
  hrefOf,
}: {
  locales: readonly string[];
  current: string;
  defaultLocale: string;
  hrefOf: (code: string) => string;
}) => (
  <nav aria-label="Locales" className="flex flex-wrap items-center gap-2">
    <span className="text-sm text-slate-500">Locale:</span>
    {locales.map((code) => (
      <Link key={code} href={hrefOf(code)} aria-current={code === current ? "page" : undefined} className={pill(code === current)}>
        {code}
        {code === defaultLocale ? <span className="sr-only"> (default)</span> : null}
      </Link>
    ))}
  </nav>
);

const tabLabels = { all: "All", published: "Published", draft: "Drafts", archived: "Archived" } as const;

export const StatusTabs = ({ tabs, current }: { tabs: { name: keyof typeof tabLabels; count: number; href: string }[]; current: string }) => (
  <nav aria-label="Article status" className="-mx-1 flex flex-wrap gap-2 px-1">
    {tabs.map((tab) => (
      <Link key={tab.name} href={tab.href} aria-current={tab.name === current ? "page" : undefined} className={pill(tab.name === current)}>
        {tabLabels[tab.name]}
        <span className="tabular-nums opacity-80">{tab.count}</span>
      </Link>
    ))}
  </nav>
);

export const statusBadge = (status: "draft" | "published" | "archived") =>
  status === "published" ? <Badge tone="success">Published</Badge> : status === "draft" ? <Badge tone="warning">Draft</Badge> : <Badge>Archived</Badge>;
