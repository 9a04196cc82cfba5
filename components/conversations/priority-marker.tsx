import { cn } from "@/components/ui/cn";
import { priorityLabels } from "./format";

const tones = {
  urgent: "text-red-600",
  high: "text-orange-500",
  medium: "text-amber-500",
  low: "text-slate-400",
} as const;

/** A small flag in the priority's colour; its name is read out, not only shown by colour. */
export const PriorityMarker = ({ priority }: { priority: keyof typeof priorityLabels }) => (
  <span title={`${priorityLabels[priority]} priority`} className={cn("inline-flex shrink-0 items-center", tones[priority])}>
    <svg viewBox="0 0 16 16" aria-hidden="true" className="size-3.5 fill-current">
      <path d="M3 1.75a.75.75 0 0 1 1.5 0V2h7.4a.6.6 0 0 1 .48.96L10.6 5.5l1.78 2.54a.6.6 0 0 1-.48.96H4.5v5.25a.75.75 0 0 1-1.5 0z" />
    </svg>
    <span className="sr-only">{priorityLabels[priority]} priority</span>
  </span>
);
