import type { Metadata } from "next";
import { canPlan, loadSpace, spacePageData, spacesPath, timeZoneChoices } from "@/lib/portal/loaders/spaces";
import { SpaceDetails } from "@/components/planning/spaces/space-details";
import { SpaceForm } from "@/components/planning/spaces/space-form";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { CopyField } from "@/components/ui/copy-field";
import { PlusIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { pageContext } from "@/lib/portal/context";
import { deleteSpaceAction, updateSpaceAction } from "@/lib/portal/actions/spaces";
import { SpaceKnowledgeCard } from "@/components/knowledge-base/space-knowledge-card";
import { spaceKnowledgeData } from "@/lib/portal/loaders/space-knowledge";

export const metadata: Metadata = { title: "Space · Venuedesk" };

export default async function SpacePage({ params }: { params: Promise<{ account_id: string; space_id: string }> }) {
  const { account_id, space_id } = await params;
  const ctx = await pageContext(account_id);
  const space = await loadSpace(account_id, space_id);
  const [{ names, choices, feed }, knowledge] = await Promise.all([spacePageData(ctx, space), spaceKnowledgeData(ctx, space)]);
  const planner = canPlan(ctx);
  const list = spacesPath(ctx.account.id);

  const knowledgeCard = <SpaceKnowledgeCard accountId={ctx.account.id} space={space} data={knowledge} />;

  const feedCard = (
    <Card title="Calendar feed" description="Subscribe in Google Calendar, Outlook or Apple Calendar to see this space's bookings and holds.">
      <CopyField
        id="space-calendar-feed"
        label="iCalendar feed URL"
        value={feed}
        hint="Anyone with this link can read the space's bookings: share it only with people who plan with you."
      />
    </Card>
  );

  return (
    <>
      <PageHeader
        title={space.name}
        description={space.parent_id ? `Inside ${names.get(space.parent_id) ?? "another space"}` : "Top-level space"}
        back={{ href: list, label: "Spaces" }}
        actions={
          planner ? (
            <ButtonLink variant="secondary" href={`${spacesPath(ctx.account.id, "new")}?parent_id=${space.id}`}>
              <PlusIcon className="size-4" />
              Add a space inside
            </ButtonLink>
          ) : undefined
        }
      />
      {planner ? (
        <div className="space-y-6">
          <SpaceForm
            action={updateSpaceAction.bind(null, ctx.account.id, space.id)}
            space={space}
            spaceId={space.id}
            spaces={choices}
            timeZones={timeZoneChoices(space.timezone)}
            defaultTimeZone={space.timezone}
            submitLabel="Save changes"
            cancelHref={list}
          />
          {knowledgeCard}
          {feedCard}
          <Card title="Delete space">
            <div className="flex flex-wrap items-center justify-between gap-4">
              <p className="max-w-xl text-sm text-slate-600">
                Its past and cancelled bookings go with it. A space that contains other spaces, or still has bookings or holds to
                come, cannot be deleted.
              </p>
              <ConfirmButton
                action={deleteSpaceAction.bind(null, ctx.account.id, space.id)}
                label="Delete space"
                triggerVariant="danger"
                triggerSize="md"
                title={`Delete “${space.name}”?`}
                description="Its past and cancelled bookings are deleted with it, and its calendar feed stops working. This cannot be undone."
                confirmLabel="Delete space"
                pendingLabel="Deleting…"
              />
            </div>
          </Card>
        </div>
      ) : (
        <div className="space-y-6">
          <SpaceDetails
            space={space}
            parent={space.parent_id ? (names.get(space.parent_id) ?? null) : null}
            venue={space.venue_id ? (names.get(space.venue_id) ?? null) : null}
          />
          {knowledgeCard}
          {feedCard}
        </div>
      )}
    </>
  );
}
