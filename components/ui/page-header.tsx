import Link from "next/link";
import type { ReactNode } from "react";

export const PageHeader = ({
  title,
  description,
  actions,
  back,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  back?: { href: string; label: string };
}) => (
  <header className="mb-6">
    {back ? (
      <Link href={back.href} className="mb-2 inline-block rounded text-sm text-slate-500 hover:text-slate-800">
        <span aria-hidden="true">← </span>
        {back.label}
      </Link>
    ) : null}
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        {description ? <p className="mt-1 text-sm text-slate-500">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
    </div>
  </header>
);
