"use client";

import { signOut } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { SignOutIcon } from "@/components/ui/icons";

/**
 * Ends the session, then goes to the sign-in page; the refresh drops portal pages the router kept.
 * `comeBack`: the sign-in page returns to this same page afterwards, as whoever signs in (the
 * consent page's "Switch account").
 */
export const SignOutButton = ({ className, label = "Sign out", comeBack = false }: { className?: string; label?: string; comeBack?: boolean }) => {
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
        router.replace(comeBack ? `/login?${new URLSearchParams({ callbackUrl: here })}` : "/login");
        router.refresh();
      }}
      className={buttonClass({ variant: "ghost", size: "sm" }, className)}
    >
      {comeBack ? null : <SignOutIcon className="size-4" />}
      {pending ? "Signing out…" : label}
    </button>
  );
};
