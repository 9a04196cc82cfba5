"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef } from "react";

/**
 * `router.refresh()` that waits for the network. Next answers a refresh whose request fails by
 * loading the whole page again (its "browser navigation" fallback): offline, that is the
 * browser's error page, reloaded once the network is back — and whatever was typed in a form is
 * gone. So a refresh asked for while offline is made once the browser is online again.
 */
export const useOnlineRefresh = () => {
  const router = useRouter();
  const latest = useRef(router);
  useEffect(() => {
    latest.current = router;
  });
  const pending = useRef<(() => void) | null>(null);
  useEffect(
    () => () => {
      if (pending.current) window.removeEventListener("online", pending.current);
    },
    [],
  );
  return useCallback(() => {
    if (navigator.onLine) {
      latest.current.refresh();
      return;
    }
    if (pending.current) return;
    const whenOnline = () => {
      pending.current = null;
      latest.current.refresh();
    };
    pending.current = whenOnline;
    window.addEventListener("online", whenOnline, { once: true });
  }, []);
};
