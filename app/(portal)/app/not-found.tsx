import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

/** An account the user does not belong to, or a record that is not in it, look the same. */
export default function NotFound() {
  return (
    <main className="mx-auto max-w-xl px-4 py-24">
      <EmptyState
        headingLevel={1}
        title="Not found"
        description="This page does not exist, or it belongs to an account you are not a member of."
        action={<ButtonLink href="/app">Go to your account</ButtonLink>}
      />
    </main>
  );
}
