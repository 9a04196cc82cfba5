"use client";

import { usePathname } from "next/navigation";
import { useId, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";

const MenuIcon = ({ open }: { open: boolean }) => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.6} strokeLinecap="round" aria-hidden="true" focusable="false" className="size-5">
    <path d={open ? "M6 6l12 12M18 6L6 18" : "M4 7h16M4 12h16M4 17h16"} />
  </svg>
);

/**
 * The sidebar's contents. From md up they are always shown; on a phone they fold behind a
 * "Menu" button (a disclosure: the panel opens in the page flow, below the button, so focus
 * moves on into it with Tab). Escape closes it and returns focus to the button; following a
 * link closes it too.
 */
export const SidebarMenu = ({ brand, children }: { brand: ReactNode; children: ReactNode }) => {
  const pathname = usePathname();
  // Remembers the page it was opened on, so any navigation away (Back included) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const closeOnEscape = (event: KeyboardEvent) => {
    // The account switcher inside handles (and claims) an Escape that closes its own list.
    if (event.key !== "Escape" || !open || event.defaultPrevented) return;
    event.preventDefault();
    setOpenOn(null);
    button.current?.focus();
  };

  const closeOnLink = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest("a")) setOpenOn(null);
  };

  return (
    // From md up the panel stretches with the page; its contents stay in view while the page scrolls.
    <div className="flex flex-col md:sticky md:top-0 md:h-screen" onKeyDown={closeOnEscape}>
      <div className="flex items-center justify-between gap-2 px-3 pt-4 pb-3">
        {brand}
        <Button
          ref={button}
          variant="secondary"
          size="sm"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpenOn(open ? null : pathname)}
          className="md:hidden"
        >
          <MenuIcon open={open} />
          Menu
        </Button>
      </div>
      <div id={panelId} onClick={closeOnLink} className={cn(open ? "flex" : "hidden", "flex-col md:flex md:min-h-0 md:flex-1")}>
        {children}
      </div>
    </div>
  );
};
