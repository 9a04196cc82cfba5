import type { ReactNode } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";

/** A section whose records do not exist yet: its heading and an honest empty state. */
export const SectionPlaceholder = ({
  title,
  description,
  emptyTitle,
  emptyDescription,
  icon,
}: {
  title: string;
  description: string;
  emptyTitle: string;
  emptyDescription: string;
  icon: ReactNode;
}) => (
  <>
    <PageHeader title={title} description={description} />
    <EmptyState icon={icon} title={emptyTitle} description={emptyDescription} />
  </>
);
