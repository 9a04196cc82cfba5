"use client";

import { useEffect } from "react";
import { widgetEvents } from "@/lib/widget/protocol";

/** No website inbox has the token (or the chat failed): say so, and tell the host page to show no button. */
export const WidgetUnavailable = ({ detail }: { detail: string }) => {
  useEffect(() => {
    if (window.parent !== window) window.parent.postMessage({ type: widgetEvents.ready, available: false }, "*");
  }, []);
  return (
    <main className="flex h-dvh flex-col items-center justify-center gap-2 bg-white px-8 text-center">
      <h1 className="text-lg font-semibold text-slate-900">Chat is unavailable</h1>
      <p className="max-w-xs text-sm text-slate-600">{detail}</p>
    </main>
  );
};
