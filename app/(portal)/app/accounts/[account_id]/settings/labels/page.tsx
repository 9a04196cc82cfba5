import type { Metadata } from "next";
import Link from "next/link";
import { LabelChip } from "@/components/contacts/label-chip";
import { Notice } from "@/components/settings/notice";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { EmptyState } from "@/components/ui/empty-state";
import { PlusIcon, TagIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { TBody, TD, TH, THead, TR, Table } from "@/components/ui/table";
import { listLabels } from "@/lib/labels/labels";
import { isAdmin, pageContext, type SearchParams } from "@/lib/portal/context";
import { deleteLabelAction } from "@/lib/portal/label-actions";
import { readNotice, settingsPath } from "@/lib/portal/paths";

export const metadata: Metadata = { title: "Labels · Venuedesk" };

export default async function LabelsPage({ params, searchParams }: { params: Promise<{ account_id: string }>; searchParams: SearchParams }) {
  const ctx = await pageContext((await params).account_id);
  const query = await searchParams;
  const labels = await listLabels(ctx);
  const admin = isAdmin(ctx);
  const list = settingsPath(ctx.account.id, "labels");
  const newLink = (
    <ButtonLink href={`${list}/new`}>
      <PlusIcon className="size-4" />
      New label
    </ButtonLink>
  );

  return (
    <>
      <PageHeader
        title="Labels"
        description="Tags for conversations and contacts, such as the kind of event or a follow-up to do."
        back={{ href: settingsPath(ctx.account.id), label: "Settings" }}
        actions={admin ? newLink : undefined}
      />
      <Notice notice={readNotice(query.notice)} noun="Label" />
      {labels.length === 0 ? (
        <EmptyState
          icon={<TagIcon className="size-6" />}
          title="No labels yet"
          description={
            admin
              ? "Create labels to sort conversations and contacts, then filter by them."
              : "When an administrator creates labels, you can tag conversations and contacts with them."
          }
          action={admin ? newLink : undefined}
        />
      ) : (
        <Table label="Labels">
          <THead>
            <TR>
              <TH className="w-56">Label</TH>
              <TH>Description</TH>
              <TH className="w-28">Colour</TH>
              <TH className="w-28">Sidebar</TH>
              {admin ? (
                <TH className="w-40">
                  <span className="sr-only">Actions</span>
                </TH>
              ) : null}
            </TR>
          </THead>
          <TBody>
            {labels.map((label) => (
              <TR key={label.id}>
                <TD>
                  {admin ? (
                    <Link href={`${list}/${label.id}`} className="rounded hover:opacity-80">
                      <LabelChip title={label.title} color={label.color} />
                    </Link>
                  ) : (
                    <LabelChip title={label.title} color={label.color} />
                  )}
                </TD>
                <TD className="text-slate-600">{label.description || <span className="text-slate-400">—</span>}</TD>
                <TD>
                  <span className="inline-flex items-center gap-2 font-mono text-xs text-slate-600">
                    <span aria-hidden="true" className="size-4 rounded ring-1 ring-black/10" style={{ backgroundColor: label.color }} />
                    {label.color}
                  </span>
                </TD>
                <TD>{label.showOnSidebar ? <Badge tone="accent">Shown</Badge> : <Badge>Hidden</Badge>}</TD>
                {admin ? (
                  <TD>
                    <div className="flex justify-end gap-2">
                      <ButtonLink variant="secondary" size="sm" href={`${list}/${label.id}`} aria-label={`Edit ${label.title}`}>
                        Edit
                      </ButtonLink>
                      <ConfirmButton
                        action={deleteLabelAction.bind(null, ctx.account.id, label.id)}
                        label="Delete"
                        ariaLabel={`Delete ${label.title}`}
                        title={`Delete the label “${label.title}”?`}
                        description="It is also taken off every conversation and contact that has it. This cannot be undone."
                        confirmLabel="Delete label"
                        pendingLabel="Deleting…"
                      />
                    </div>
                  </TD>
                ) : null}
              </TR>
            ))}
          </TBody>
        </Table>
      )}
    </>
  );
}
