import type { ReactNode } from "react";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PlusIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { settingsPath, type Notice as NoticeKind } from "@/lib/portal/paths";
import { Notice } from "./notice";

type Props = {
  accountId: number;
  section: string;
  admin: boolean;
  title: string;
  description: ReactNode;
  noun: string;
  newLabel: string;
  notice: NoticeKind | null;
  isEmpty: boolean;
  emptyIcon: ReactNode;
  emptyTitle: string;
  emptyDescription: ReactNode;
  /** Offer the "new" button in the empty state too (administrators only). */
  emptyAction?: boolean;
  children: ReactNode;
};

/**
 * A settings list page: header with the way back to Settings and, for administrators, the
 * button to add one; the confirmation after a form; then the empty state or the list.
 */
export const SettingsList = ({ accountId, section, admin, title, description, noun, newLabel, notice, isEmpty, emptyIcon, emptyTitle, emptyDescription, emptyAction = true, children }: Props) => {
  const newLink = (
    <ButtonLink href={`${settingsPath(accountId, section)}/new`}>
      <PlusIcon className="size-4" />
      {newLabel}
    </ButtonLink>
  );
  return (
    <>
      <PageHeader title={title} description={description} back={{ href: settingsPath(accountId), label: "Settings" }} actions={admin ? newLink : undefined} />
      <Notice notice={notice} noun={noun} />
      {isEmpty ? (
        <EmptyState icon={emptyIcon} title={emptyTitle} description={emptyDescription} action={admin && emptyAction ? newLink : undefined} />
      ) : (
        children
      )}
    </>
  );
};
