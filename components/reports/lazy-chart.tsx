"use client";

import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";

/*
 * recharts is a few hundred kilobytes of script and needs the browser's layout: it is fetched
 * after the page shows, in its own chunk, and the server renders only the chart's frame (and
 * the figures' table beside it).
 */
export const LazyTimeseriesChart = dynamic(() => import("./timeseries-chart"), {
  ssr: false,
  loading: () => <Skeleton className="h-[220px] w-full" />,
});

export const LazyRevenueChart = dynamic(() => import("./revenue-chart"), {
  ssr: false,
  loading: () => <Skeleton className="h-[200px] w-full" />,
});
