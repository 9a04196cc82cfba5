import type { Metadata } from "next";
import Link from "next/link";
import { canPlan, spaceList, spacesPath } from "@/lib/portal/loaders/spaces";
import { largestCapacity, scheduleRuns, zoneLabel } from "@/components/planning/spaces/space-display";
import { Notice } from "@/components/settings/notice";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { BuildingIcon, PlusIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { TBody, TD, TH, THead, TR, Table } from "@/components/ui/table";
import { pageContext, type SearchParams } from "@/lib/portal/context";
import { readNotice } from "@/lib/portal/paths";

export const metadata: Metadata = { title: "Spaces · Venuedesk" };

const none = <span className="text-slate-400">—</span>;

export default async function SpacesPage({ params, searchParams }: { params: Promise<{ account_id: string }>; searchParams: SearchParams }) {
  const ctx = await pageContext((await params).account_id);
  const query = await searchParams;
  const tree = await spaceList(ctx);
  const planner = canPlan(ctx);
  const names = new Map(tree.map(({ space }) => [space.id, space.name]));
  const newLink = (
    <ButtonLink href={spacesPath(ctx.account.id, "new")}>
      <PlusIcon className="size-4" />
      New space
    </ButtonLink>
  );

  return (
    <>
      <PageHeader
        title="Spaces"
        description="Your venue and the halls and rooms inside it: what each holds, and when it can be booked."
        actions={planner ? newLink : undefined}
      />
      <Notice notice={readNotice(query.notice)} noun="Space" />
      {tree.length === 0 ? (
        <EmptyState
          icon={<BuildingIcon className="size-6" />}
          title="No spaces yet"
          description={
            planner
              ? "Start with the venue itself, then add the halls and rooms inside it. Events are booked into spaces."
              : "When a planner adds the venue's spaces, they appear here."
          }
          action={planner ? newLink : undefined}
        />
      ) : (
        <Table label="Spaces">
          <THead>
            <TR>
              <TH>Space</TH>
              <TH className="w-36">Capacity</TH>
              <TH className="hidden w-40 lg:table-cell">Time zone</TH>
              <TH className="hidden w-48 sm:table-cell">Opening hours</TH>
              <TH className="hidden w-24 sm:table-cell">Status</TH>
            </TR>
          </THead>
          <TBody>
            {tree.map(({ space, depth }) => {
              const capacity = largestCapacity(space);
              const parent = space.parent_id ? names.get(space.parent_id) : undefined;
              const runs = scheduleRuns(space.schedule);
              const hours = !space.working_hours_enabled ? ["Any time"] : runs.length > 0 ? runs : ["Closed every day"];
              return (
                <TR key={space.id} className="hover:bg-slate-50/60">
                  <TD>
                    <div className="flex items-start gap-1.5" style={{ paddingLeft: `${depth * 1.25}rem` }}>
                      {depth > 0 ? (
                        <span aria-hidden="true" className="text-slate-300">
                          └
                        </span>
                      ) : null}
                      <div className="min-w-0">
                        <Link
                          href={spacesPath(ctx.account.id, space.id)}
                          className={`rounded hover:text-indigo-700 hover:underline ${depth === 0 ? "font-semibold text-slate-900" : "font-medium text-slate-800"}`}
                        >
                          {space.name}
                        </Link>
                        {parent ? <span className="sr-only">, inside {parent}</span> : null}
                        {/* Narrow screens drop the zone and hours columns; the essentials move under the name. */}
                        <span className="block text-xs text-slate-500 lg:hidden">
                          {zoneLabel(space.timezone)}
                          <span className="sm:hidden"> · {space.working_hours_enabled ? "opening hours" : "any time"}</span>
                        </span>
                        {space.active ? null : (
                          <span className="mt-1 block sm:hidden">
                            <Badge>Inactive</Badge>
                          </span>
                        )}
                      </div>
                    </div>
                  </TD>
                  <TD className="whitespace-nowrap">
                    {capacity ? (
                      <>
                        <span className="font-medium text-slate-900 tabular-nums">{capacity.value}</span>{" "}
                        <span className="text-xs text-slate-500">{capacity.label}</span>
                      </>
                    ) : (
                      none
                    )}
                    {space.square_meters ? <span className="block text-xs text-slate-500">{space.square_meters} m²</span> : null}
                  </TD>
                  <TD className="hidden text-slate-600 lg:table-cell">{zoneLabel(space.timezone)}</TD>
                  <TD className="hidden sm:table-cell">
                    {space.working_hours_enabled ? <Badge tone="accent">On</Badge> : <Badge>Off</Badge>}
                    <span className="mt-1 block text-xs text-slate-500 tabular-nums">
                      {hours.map((line) => (
                        <span key={line} className="block whitespace-nowrap">
                          {line}
                        </span>
                      ))}
                    </span>
                  </TD>
                  <TD className="hidden sm:table-cell">{space.active ? <Badge tone="success">Active</Badge> : <Badge>Inactive</Badge>}</TD>
                </TR>
              );
            })}
          </TBody>
        </Table>
      )}
    </>
  );
}
