"use client";

import { useParams } from "next/navigation";
import { useLayoutEffect, useRef, type ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import type { InboxLookups } from "@/lib/portal/loaders/conversations";
import { ConversationList, type InitialList } from "./conversation-list";
import { InboxProvider } from "./inbox-context";

/**
 * The inbox fills the whole content area beside the sidebar (it breaks out of the centred page
 * column): the list on the left, the open conversation beside it. On a phone one of the two
 * shows at a time: the list (scrolling with the page) until a conversation is opened, then the
 * conversation, exactly as tall as the screen below the top bar, so its composer stays in view
 * and only its messages scroll.
 */
export const InboxShell = ({ lookups, initialList, children }: { lookups: InboxLookups; initialList: InitialList; children: ReactNode }) => {
  const params = useParams<{ display_id?: string }>();
  const selected = params.display_id ? Number(params.display_id) : null;
  const frame = useRef<HTMLDivElement>(null);

  // Where the inbox starts on the page (below the phone's top bar), for the height of the conversation screen.
  useLayoutEffect(() => {
    const node = frame.current;
    if (!node) return;
    const measure = () => node.style.setProperty("--inbox-top", `${Math.max(0, node.getBoundingClientRect().top + window.scrollY)}px`);
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, []);

  return (
    <InboxProvider lookups={lookups}>
      <div
        ref={frame}
        className={cn(
          "-mx-4 -mt-8 border-slate-200 bg-white sm:-mx-8",
          selected !== null && "-mb-8 flex h-[calc(100dvh-var(--inbox-top,61px))] flex-col overflow-hidden",
          "md:-my-8 md:mr-0 md:ml-[calc(50%-50vw+7.5rem)] md:flex md:h-dvh md:w-[calc(100vw-15rem)] md:flex-row md:overflow-hidden",
        )}
      >
        <div className={cn("shrink-0 border-slate-200 md:flex md:w-80 md:border-r 2xl:w-[360px]", selected === null ? "flex" : "hidden")}>
          <ConversationList initial={initialList} selected={selected} />
        </div>
        <div className={cn("min-h-0 min-w-0 flex-1 bg-slate-50 md:flex", selected === null ? "hidden" : "flex")}>{children}</div>
      </div>
    </InboxProvider>
  );
};
