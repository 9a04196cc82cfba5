import type { Metadata } from "next";
import Link from "next/link";
import { LabelChip } from "@/components/contacts/label-chip";
import { SettingsList } from "@/components/settings/settings-list";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { TagIcon } from "@/components/ui/icons";
import { TBody, TD, TH, THead, TR, Table } from "@/components/ui/table";
import { listLabels } from "@/lib/labels/labels";
import { isAdmin, pageContext, type SearchParams } from "@/lib/portal/context";
import { deleteLabelAction } from "@/lib/portal/actions/labels";
import { readNotice, settingsPath } from "@/lib/portal/paths";

export const metadata: Metadata = { title: "Labels · Venuedesk" };

export default async function LabelsPage({ params, searchParams }: { params: Promise<{ account_id: string }>; searchParams: SearchParams }) {
  const ctx = await pageContext((await params).account_id);
  const query = await searchParams;
  const labels = await listLabels(ctx);
  const admin = isAdmin(ctx);
  const list = settingsPath(ctx.account.id, "labels");
  return (
    <SettingsList
      accountId={ctx.account.id}
      section="labels"
      admin={admin}
      title="Labels"
      description="Tags for conversations and contacts, such as the kind of event or a follow-up to do."
      noun="Label"
      newLabel="New label"
      notice={readNotice(query.notice)}
      isEmpty={labels.length === 0}
      emptyIcon={<TagIcon className="size-6" />}
      emptyTitle="No labels yet"
      emptyDescription={
        admin
          ? "Create labels to sort conversations and contacts, then filter by them."
          : "When an administrator creates labels, you can tag conversations and contacts with them."
      }
    >
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
    </SettingsList>
  );
}
