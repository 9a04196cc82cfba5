import { Skeleton } from "@/components/ui/skeleton";

/** The Reports page while its figures load: the header, the range bar, the cards, the charts' frames, the table and the venue reports. */
export const ReportsSkeleton = () => (
  <div aria-busy="true" className="space-y-5">
    <span className="sr-only">Loading…</span>
    <div className="space-y-2">
      <Skeleton className="h-7 w-32" />
      <Skeleton className="h-4 w-80 max-w-full" />
    </div>
    <Skeleton className="h-16 w-full" />
    <div className="grid grid-cols-2 gap-3 rounded-lg border border-slate-200 bg-white p-6 lg:grid-cols-4">
      {Array.from({ length: 7 }, (_, card) => (
        <Skeleton key={card} className="h-28" />
      ))}
    </div>
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      {Array.from({ length: 2 }, (_, chart) => (
        <div key={chart} className="space-y-3 rounded-lg border border-slate-200 bg-white p-5">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-[220px] w-full" />
        </div>
      ))}
    </div>
    <div className="space-y-2 rounded-lg border border-slate-200 bg-white p-5">
      {Array.from({ length: 5 }, (_, row) => (
        <Skeleton key={row} className="h-8 w-full" />
      ))}
    </div>
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      {["pipeline", "revenue"].map((panel) => (
        <div key={panel} className="space-y-3 rounded-lg border border-slate-200 bg-white p-5">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-[200px] w-full" />
        </div>
      ))}
    </div>
    <div className="space-y-2 rounded-lg border border-slate-200 bg-white p-5">
      <Skeleton className="h-4 w-24" />
      {Array.from({ length: 6 }, (_, row) => (
        <Skeleton key={row} className="h-9 w-full" />
      ))}
    </div>
  </div>
);
