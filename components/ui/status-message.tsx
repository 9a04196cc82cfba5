import type { ReactNode } from "react";
import { cn } from "./cn";

type Tone = "success" | "error" | "info";

const tones: Record<Tone, string> = {
  success: "border-emerald-200 bg-emerald-50 text-emerald-800",
  error: "border-red-200 bg-red-50 text-red-800",
  info: "border-slate-200 bg-slate-50 text-slate-700",
};

/**
 * An inline message after an action. Errors are alerts (announced at once); the rest are
 * polite status updates.
 */
export const StatusMessage = ({ tone, children, className }: { tone: Tone; children: ReactNode; className?: string }) => (
  <div role={tone === "error" ? "alert" : "status"} className={cn("rounded-md border px-3 py-2 text-sm", tones[tone], className)}>
    {children}
  </div>
);
