"use client";

import { signOut } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";

/** Signs out and comes back to this same request through the sign-in page, as someone else. */
export const SwitchUserButton = ({ className }: { className?: string }) => {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      disabled={pending}
      onClick={async () => {
        setPending(true);
        const here = `${window.location.pathname}${window.location.search}`;
        await signOut({ redirect: false });
        router.replace(`/login?${new URLSearchParams({ callbackUrl: here })}`);
        router.refresh();
      }}
      className={buttonClass({ variant: "ghost", size: "sm" }, className)}
    >
      {pending ? "Signing out…" : "Switch account"}
    </button>
  );
};
