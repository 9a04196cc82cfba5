"use client";

import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { moneyTicks } from "@/lib/portal/loaders/report-venue-tables";

/** One month's bar: the amount as a number for drawing only; `money` is the exact figure to read. */
export type RevenueBar = { month: string; label: string; amount: number; money: string };

const axis = { fontSize: 12, fill: "#64748b" };

/**
 * Revenue by month in one currency (amounts of different currencies never share an axis),
 * drawn with recharts in the browser only; the exact figures are in the table beside it.
 */
export default function RevenueChart({ currency, bars }: { currency: string; bars: RevenueBar[] }) {
  const ticks = moneyTicks(Math.max(0, ...bars.map((bar) => bar.amount)));
  const compact = new Intl.NumberFormat("en", { style: "currency", currency, notation: "compact", maximumFractionDigits: 1 });
  return (
    <BarChart data={bars} responsive style={{ width: "100%", height: 200 }} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
      <CartesianGrid vertical={false} stroke="#e2e8f0" />
      <XAxis dataKey="label" tick={axis} tickLine={false} axisLine={{ stroke: "#cbd5e1" }} minTickGap={8} />
      <YAxis tick={axis} tickLine={false} axisLine={false} width={56} ticks={ticks} domain={[0, ticks.at(-1)!]} tickFormatter={(value: number) => compact.format(value)} />
      <Tooltip
        formatter={(_, __, item) => (item.payload as RevenueBar).money}
        labelFormatter={(_, payload) => (payload[0]?.payload as RevenueBar | undefined)?.month ?? ""}
        separator=": "
        cursor={{ fill: "#f1f5f9" }}
        contentStyle={{ fontSize: 13, borderRadius: 6, borderColor: "#e2e8f0" }}
      />
      <Bar dataKey="amount" name="Excl. tax" fill="#4f46e5" radius={[3, 3, 0, 0]} maxBarSize={36} isAnimationActive={false} />
    </BarChart>
  );
}
