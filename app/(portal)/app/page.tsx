import { redirect } from "next/navigation";
import { Logo } from "@/components/portal/logo";
import { SignOutButton } from "@/components/portal/sign-out-button";
import { EmptyState } from "@/components/ui/empty-state";
import { BuildingIcon } from "@/components/ui/icons";
import { signedInUser } from "@/lib/portal/context";
import { accountPath } from "@/lib/portal/paths";

/** Opens the user's first account (lowest id), or says there is none. */
export default async function AppHome() {
  const user = await signedInUser();
  const first = user.accounts[0];
  if (first) redirect(accountPath(first.id, "conversations"));

  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col justify-center px-4 py-12">
      <div className="mb-6 flex items-center justify-center gap-2 text-sm font-semibold text-slate-900">
        <Logo className="size-6" />
        Venuedesk
      </div>
      <EmptyState
        icon={<BuildingIcon className="size-6" />}
        headingLevel={1}
        title="You are not a member of any account"
        description={`You are signed in as ${user.email}. Ask an administrator of your venue to add you, then open Venuedesk again.`}
        action={<SignOutButton />}
      />
    </main>
  );
}
