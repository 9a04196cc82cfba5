import { BookIcon } from "@/components/ui/icons";
import type { Metadata } from "next";
import Link from "next/link";
import { CreatePortalForm } from "@/components/knowledge-base/help-center-admin/portal-forms";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { TBody, TD, TH, THead, TR, Table } from "@/components/ui/table";
import { createPortalAction } from "@/lib/portal/actions/help-center";
import { pageContext } from "@/lib/portal/context";
import { canManageKnowledge, helpCenterPath, portalSummaries } from "@/lib/portal/loaders/help-center";

export const metadata: Metadata = { title: "Help center · Venuedesk" };

export default async function HelpCenterPage({ params }: { params: Promise<{ account_id: string }> }) {
  const ctx = await pageContext((await params).account_id);
  const portals = await portalSummaries(ctx);
  const manager = canManageKnowledge(ctx);

  return (
    <>
      <PageHeader title="Help center" description="Portals of articles your guests read, and your agents and bots answer from." />
      <div className="space-y-6">
        {portals.length === 0 ? (
          <EmptyState
            icon={<BookIcon className="size-6" />}
            title="No portals yet"
            description={manager ? "Create a portal below, then write its categories and articles." : "When a knowledge-base manager creates a portal, it appears here."}
          />
        ) : (
          <Table label="Portals" stacked>
            <THead>
              <TR>
                <TH>Portal</TH>
                <TH>Public page</TH>
                <TH>Articles</TH>
                <TH>Categories</TH>
              </TR>
            </THead>
            <TBody>
              {portals.map((portal) => (
                <TR key={portal.slug}>
                  <TD label="Portal">
                    <Link href={helpCenterPath(ctx.account.id, portal.slug)} className="rounded font-semibold text-slate-900 hover:text-indigo-700 hover:underline">
                      {portal.name}
                    </Link>
                    {portal.archived ? (
                      <span className="ml-2">
                        <Badge>Archived</Badge>
                      </span>
                    ) : null}
                  </TD>
                  <TD label="Public page">
                    <a href={`/hc/${portal.slug}`} className="break-all text-indigo-700 hover:underline" target="_blank" rel="noreferrer">
                      /hc/{portal.slug}
                    </a>
                  </TD>
                  <TD label="Articles">
                    <span className="font-medium tabular-nums">{portal.articles}</span>
                    <span className="block text-xs text-slate-500">
                      {portal.locales.map((locale) => `${locale.code}: ${locale.articles}`).join(" · ")}
                    </span>
                  </TD>
                  <TD label="Categories" className="tabular-nums">
                    {portal.categories}
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
        )}
        {manager ? (
          <Card title="New portal" description="A help center of its own, with its own public address and locales.">
            <CreatePortalForm action={createPortalAction.bind(null, ctx.account.id)} />
          </Card>
        ) : null}
      </div>
    </>
  );
}
