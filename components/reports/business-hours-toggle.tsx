"use client";

import { useRouter } from "next/navigation";
import { useOptimistic, useTransition } from "react";

/**
 * The business-hours switch: a checkbox that opens the page's URL with `business_hours` set or
 * cleared, so the choice is shareable like the range. It shows the new state at once while
 * the page's figures load.
 */
export const BusinessHoursToggle = ({ on, onHref, offHref }: { on: boolean; onHref: string; offHref: string }) => {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [checked, setChecked] = useOptimistic(on);
  return (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        aria-busy={pending || undefined}
        onChange={(event) => {
          const next = event.target.checked;
          startTransition(() => {
            setChecked(next);
            router.push(next ? onHref : offHref);
          });
        }}
        className="size-4 rounded border-slate-300 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      />
      <span className="font-medium">Business hours only</span>
    </label>
  );
};
