"use client";

import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { AlertIcon } from "@/components/ui/icons";

/** Something on this page failed to load; the sidebar above it still works. */
export default function AccountError({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);

  const digest = error instanceof Error && "digest" in error && typeof error.digest === "string" ? error.digest : null;
  return (
    <div role="alert" className="flex flex-col items-center rounded-lg border border-slate-200 bg-white px-6 py-14 text-center">
      <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600" aria-hidden="true">
        <AlertIcon className="size-6" />
      </div>
      <h1 className="text-base font-semibold text-slate-900">This page could not be loaded</h1>
      <p className="mt-1 max-w-md text-sm text-slate-500">
        Something went wrong on our side. Try again; if it keeps happening, tell your administrator
        {digest ? ` and quote reference ${digest}` : ""}.
      </p>
      <Button className="mt-6" onClick={() => retry()}>
        Try again
      </Button>
    </div>
  );
}
