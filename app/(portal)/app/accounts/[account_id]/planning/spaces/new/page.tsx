import type { Metadata } from "next";
import { canPlan, newSpaceData, spacesPath, timeZoneChoices } from "@/lib/portal/loaders/spaces";
import { SpaceForm } from "@/components/planning/spaces/space-form";
import { PlannersOnly } from "@/components/planning/spaces/planners-only";
import { PageHeader } from "@/components/ui/page-header";
import { firstParam, pageContext, type SearchParams } from "@/lib/portal/context";
import { createSpaceAction } from "@/lib/portal/actions/spaces";

export const metadata: Metadata = { title: "New space · Venuedesk" };

export default async function NewSpacePage({ params, searchParams }: { params: Promise<{ account_id: string }>; searchParams: SearchParams }) {
  const ctx = await pageContext((await params).account_id);
  const list = spacesPath(ctx.account.id);
  const back = { href: list, label: "Spaces" };
  if (!canPlan(ctx)) {
    return (
      <>
        <PageHeader title="New space" back={back} />
        <PlannersOnly what="add spaces" back={back} />
      </>
    );
  }
  const { choices, parentId, zone } = await newSpaceData(ctx, firstParam((await searchParams).parent_id));
  return (
    <>
      <PageHeader title="New space" description="A venue, a hall or a room: anything that can be booked." back={back} />
      <SpaceForm
        action={createSpaceAction.bind(null, ctx.account.id)}
        spaces={choices}
        parentId={parentId}
        timeZones={timeZoneChoices()}
        defaultTimeZone={zone}
        submitLabel="Create space"
        cancelHref={list}
      />
    </>
  );
}
