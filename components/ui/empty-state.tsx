import type { ReactNode } from "react";

/** What a page shows when there is nothing to list yet: a heading, one line, and maybe an action. */
export const EmptyState = ({
  icon,
  title,
  description,
  action,
  headingLevel = 2,
}: {
  icon?: ReactNode;
  title: string;
  description: ReactNode;
  action?: ReactNode;
  headingLevel?: 1 | 2 | 3;
}) => {
  const Heading = (["h1", "h2", "h3"] as const)[headingLevel - 1]!;
  return (
    <div className="flex flex-col items-center rounded-lg border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      {icon ? (
        <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <Heading className="text-base font-semibold text-slate-900">{title}</Heading>
      <p className="mt-1 max-w-md text-sm text-slate-500">{description}</p>
      {action ? <div className="mt-6">{action}</div> : null}
    </div>
  );
};
