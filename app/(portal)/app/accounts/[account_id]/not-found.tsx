import { EmptyState } from "@/components/ui/empty-state";

/** A record that is not in this account (or no longer is); the sidebar stays. */
export default function RecordNotFound() {
  return (
    <EmptyState
      headingLevel={1}
      title="Not found"
      description="This page does not exist in this account, or what it showed has been deleted."
    />
  );
}
