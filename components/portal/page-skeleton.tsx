import { Skeleton } from "@/components/ui/skeleton";

/**
 * What a portal page shows while its data loads: a heading, a line, and rows of a list.
 *
 * A loading.tsx wraps everything below its folder in a Suspense boundary, and rendering its
 * skeleton sends the response's 200 status. So it never sits above a record page: list pages that
 * have records beside them keep theirs in a route group such as `(list)`, and a record page keeps
 * its own below a layout that checks the record, so an unknown record still answers 404.
 */
/** A page's title and its one-line description, loading. */
export const PageSkeletonHeader = ({ titleWidth = "w-48" }: { titleWidth?: string }) => (
  <div className="space-y-2">
    <Skeleton className={`h-7 ${titleWidth}`} />
    <Skeleton className="h-4 w-80 max-w-full" />
  </div>
);

export const PageSkeleton = () => (
  <div aria-busy="true" className="space-y-6">
    <span className="sr-only">Loading…</span>
    <PageSkeletonHeader />
    <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      {Array.from({ length: 5 }, (_, row) => (
        <Skeleton key={row} className="h-10 w-full" />
      ))}
    </div>
  </div>
);
