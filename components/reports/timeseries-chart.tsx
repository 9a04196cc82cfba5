"use client";

import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import { formatDuration } from "@/lib/format/durations";
import { durationTicks, type ChartPoint, type ChartSeries } from "./chart-data";

const countFormat = new Intl.NumberFormat("en");
const axis = { fontSize: 12, fill: "#64748b" };
const margin = { top: 8, right: 8, bottom: 0, left: 0 };

/**
 * One report over time, drawn with recharts: counts as bars, averages as a line whose gaps are
 * the buckets with nothing measured. Loaded in the browser only (see lazy-chart.tsx); the same
 * figures are in the table beside it.
 */
export default function TimeseriesChart({ kind, series, points }: { kind: "count" | "duration"; series: ChartSeries[]; points: ChartPoint[] }) {
  const format = (value: unknown) => (typeof value === "number" ? (kind === "duration" ? formatDuration(value) : countFormat.format(value)) : "—");
  const common = {
    data: points,
    responsive: true,
    style: { width: "100%", height: 220 },
    margin,
    // The table beside the chart is its accessible form; the drawing stays out of the tab order.
    accessibilityLayer: false,
  };
  // Durations get ticks at readable steps (a second-based scale would tick at 33m 20s).
  const ticks =
    kind === "duration" ? durationTicks(Math.max(0, ...points.flatMap((point) => series.map(({ key }) => point[key] ?? 0)))) : undefined;
  const axes = (
    <>
      <CartesianGrid vertical={false} stroke="#e2e8f0" />
      {/* A line's first and last dots sit inside the frame, not cut in half by it. */}
      <XAxis dataKey="label" tick={axis} tickLine={false} axisLine={{ stroke: "#cbd5e1" }} minTickGap={12} padding={kind === "duration" ? { left: 12, right: 12 } : undefined} />
      <YAxis
        tick={axis}
        tickLine={false}
        axisLine={false}
        allowDecimals={false}
        tickFormatter={format}
        width={kind === "duration" ? 64 : 40}
        ticks={ticks}
        domain={ticks ? [0, ticks.at(-1)!] : undefined}
      />
      <Tooltip
        formatter={(value) => format(value)}
        separator=": "
        cursor={kind === "duration" ? { stroke: "#cbd5e1" } : { fill: "#f1f5f9" }}
        labelFormatter={(_, payload) => (payload[0]?.payload as ChartPoint | undefined)?.title ?? ""}
        contentStyle={{ fontSize: 13, borderRadius: 6, borderColor: "#e2e8f0" }}
      />
      {series.length > 1 ? <Legend iconType="circle" iconSize={8} wrapperStyle={{ fontSize: 13 }} /> : null}
    </>
  );
  if (kind === "duration") {
    return (
      <LineChart {...common}>
        {axes}
        {series.map((line) => (
          <Line key={line.key} dataKey={line.key} name={line.name} stroke={line.color} strokeWidth={2} dot={{ r: 3 }} type="monotone" isAnimationActive={false} />
        ))}
      </LineChart>
    );
  }
  return (
    <BarChart {...common}>
      {axes}
      {series.map((bar) => (
        <Bar key={bar.key} dataKey={bar.key} name={bar.name} fill={bar.color} radius={[3, 3, 0, 0]} maxBarSize={28} isAnimationActive={false} />
      ))}
    </BarChart>
  );
}
