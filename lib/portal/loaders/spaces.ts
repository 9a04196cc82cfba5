import { headers } from "next/headers";
import { notFound } from "next/navigation";
import type { AccountCtx } from "@/lib/auth/caller";
import { hasPermission } from "@/lib/auth/permissions";
import { isUuid } from "@/lib/http/schemas";
import { presentSpace, presentSpaceDetail, type Space } from "@/lib/planning/spaces/present";
import { findSpace } from "@/lib/planning/spaces/spaces";
import { orNotFound } from "@/lib/portal/loaders/records";
import { accountPath } from "@/lib/portal/paths";
import { spaceTree } from "@/components/planning/spaces/space-display";
import type { SpaceChoice } from "@/components/planning/spaces/space-form";

/** Server-side lookups for the spaces pages. */

/** Whether the page should offer planning's write controls (the services refuse them anyway). */
export const canPlan = (ctx: AccountCtx) => ctx.membership !== null && hasPermission(ctx.membership, "planning_manage");

export const spacesPath = (accountId: number, ...segments: string[]) => accountPath(accountId, "planning", "spaces", ...segments);

/** The space with its request-only settings and feed secret, or the 404 page (also for ids that are no UUID). */
export const findPortalSpace = async (ctx: AccountCtx, id: string) => {
  if (!isUuid(id)) notFound();
  return presentSpaceDetail(await orNotFound(findSpace(ctx, id)));
};

export const spaceChoices = (spaces: Space[]): SpaceChoice[] =>
  spaceTree(spaces.map(presentSpace)).map(({ space, depth }) => ({ id: space.id, name: space.name, parent_id: space.parent_id, depth }));

const zones = ["UTC", ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC")];

/** Every IANA zone the server knows, plus a stored one it does not list (it still validates them). */
export const timeZoneChoices = (current?: string) => (current && !zones.includes(current) ? [current, ...zones] : zones);

/**
 * The space's iCalendar feed as calendar apps subscribe to it: an absolute URL on the
 * configured public address, else the host this page was requested on.
 */
export const calendarFeedUrl = async (accountId: number, space: { id: string; ical_token: string }) => {
  const request = await headers();
  const host = request.get("x-forwarded-host") ?? request.get("host") ?? "localhost";
  const protocol = request.get("x-forwarded-proto")?.split(",")[0]?.trim() ?? "http";
  const base = (process.env.APP_URL ?? process.env.NEXTAUTH_URL ?? `${protocol}://${host}`).replace(/\/+$/, "");
  const path = `/api/v1/accounts/${accountId}/planning/spaces/${space.id}/calendar.ics`;
  return `${base}${path}?token=${encodeURIComponent(space.ical_token)}`;
};
