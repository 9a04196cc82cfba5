"use client";

import { usePresence } from "@/components/portal/live-provider";
import { cn } from "@/components/ui/cn";
import type { Presence } from "@/lib/live-client/frames";

const tones: Record<Presence, string> = { online: "bg-emerald-500", busy: "bg-amber-500", offline: "bg-slate-300" };
const words: Record<Presence, string> = { online: "online", busy: "busy", offline: "offline" };

/**
 * Whether an agent is online, busy or offline: the presence the live stream reports, over the
 * availability the page loaded. Its words are for screen readers and the hover title.
 */
export const PresenceDot = ({ userId, name, loaded, className }: { userId: number; name: string; loaded: Presence; className?: string }) => {
  const presence = usePresence()(userId, loaded);
  return (
    <span title={`${name} is ${words[presence]}`} className={cn("inline-block size-2.5 shrink-0 rounded-full ring-2 ring-white", tones[presence], className)}>
      <span className="sr-only">
        {name} is {words[presence]}
      </span>
    </span>
  );
};
