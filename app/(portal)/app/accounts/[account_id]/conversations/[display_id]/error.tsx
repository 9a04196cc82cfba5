"use client";

import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { AlertIcon } from "@/components/ui/icons";

/** The conversation failed to load; the list beside it keeps working. */
export default function ConversationError({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div role="alert" className="flex flex-1 flex-col items-center justify-center px-6 py-14 text-center">
      <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600" aria-hidden="true">
        <AlertIcon className="size-6" />
      </div>
      <h2 className="text-base font-semibold text-slate-900">This conversation could not be loaded</h2>
      <p className="mt-1 max-w-sm text-sm text-slate-500">Something went wrong on our side. Try again in a moment.</p>
      <Button className="mt-6" onClick={() => retry()}>
        Try again
      </Button>
    </div>
  );
}
