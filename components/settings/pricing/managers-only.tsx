import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { LockIcon } from "@/components/ui/icons";

/** Shown instead of a form a member may not use (the service would refuse it anyway). */
export const ManagersOnly = ({ what, back }: { what: string; back: { href: string; label: string } }) => (
  <EmptyState
    icon={<LockIcon className="size-6" />}
    title="Quote managers only"
    description={`Only members with the quote management permission can ${what}.`}
    action={
      <ButtonLink variant="secondary" href={back.href}>
        {back.label}
      </ButtonLink>
    }
  />
);
