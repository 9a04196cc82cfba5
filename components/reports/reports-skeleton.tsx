import { PageSkeletonHeader } from "@/components/portal/page-skeleton";
import { Skeleton } from "@/components/ui/skeleton";

const frame = "rounded-lg border border-slate-200 bg-white p-5";

/** Two panels side by side on a wide screen, each a heading over a chart's height. */
const PanelPair = ({ height }: { height: string }) => (
  <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
    {[0, 1].map((panel) => (
      <div key={panel} className={`space-y-3 ${frame}`}>
        <Skeleton className="h-4 w-32" />
        <Skeleton className={`${height} w-full`} />
      </div>
    ))}
  </div>
);

/** A panel of table rows. */
const Rows = ({ count, height }: { count: number; height: string }) => (
  <div className={`space-y-2 ${frame}`}>
    {Array.from({ length: count }, (_, row) => (
      <Skeleton key={row} className={`${height} w-full`} />
    ))}
  </div>
);

/**
 * The Reports page while its figures load: the header, the range bar, the cards, the charts'
 * frames, the table, and the venue reports (pipeline and revenue, the occupancy map).
 */
export const ReportsSkeleton = () => (
  <div aria-busy="true" className="space-y-5">
    <span className="sr-only">Loading…</span>
    <PageSkeletonHeader titleWidth="w-32" />
    <Skeleton className="h-16 w-full" />
    <div className="grid grid-cols-2 gap-3 rounded-lg border border-slate-200 bg-white p-6 lg:grid-cols-4">
      {Array.from({ length: 7 }, (_, card) => (
        <Skeleton key={card} className="h-28" />
      ))}
    </div>
    <PanelPair height="h-[220px]" />
    <Rows count={5} height="h-8" />
    <PanelPair height="h-[200px]" />
    <Rows count={7} height="h-9" />
  </div>
);
