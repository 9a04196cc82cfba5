"use client";

import { signOut } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { SignOutIcon } from "@/components/ui/icons";

/** Ends the session, then goes to the sign-in page; the refresh drops portal pages the router kept. */
export const SignOutButton = ({ className }: { className?: string }) => {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      disabled={pending}
      onClick={async () => {
        setPending(true);
        await signOut({ redirect: false });
        router.replace("/login");
        router.refresh();
      }}
      className={buttonClass({ variant: "ghost", size: "sm" }, className)}
    >
      <SignOutIcon className="size-4" />
      {pending ? "Signing out…" : "Sign out"}
    </button>
  );
};
