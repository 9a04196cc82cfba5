"use client";

import { WidgetUnavailable } from "@/components/widget/widget-unavailable";

/** Anything unexpected (the database unreachable): a plain message, never the error itself. */
export default function WidgetError() {
  return <WidgetUnavailable detail="Something went wrong on our side. Please try again in a little while." />;
}
