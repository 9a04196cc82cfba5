import type { AccountCtx } from "@/lib/auth/caller";
import { hasPermission } from "@/lib/auth/permissions";
import { ZUuid } from "@/lib/http/schemas";
import { presentSpace, presentSpaceDetail, type Space } from "@/lib/planning/spaces/present";
import { findSpace, listSpaces } from "@/lib/planning/spaces/spaces";
import { spaceTree, type SpaceChoice } from "@/lib/planning/spaces/tree";
import { portalLoader } from "@/lib/portal/loader";
import { accountTimeZone } from "@/lib/portal/loaders/contacts";
import { accountPath } from "@/lib/portal/paths";
import { pageBaseUrl } from "@/lib/portal/context";

/** Server-side lookups for the spaces pages. */

/** Whether the page should offer planning's write controls (the services refuse them anyway). */
export const canPlan = (ctx: AccountCtx) => ctx.membership !== null && hasPermission(ctx.membership, "planning_manage");

export const spacesPath = (accountId: number, ...segments: string[]) => accountPath(accountId, "planning", "spaces", ...segments);

/**
 * The space with its request-only settings and feed secret, or the 404 page (also for an id that
 * is no UUID): its layout checks it before the loading skeleton streams.
 */
export const loadSpace = portalLoader({ ids: [ZUuid], load: async (ctx, id) => presentSpaceDetail(await findSpace(ctx, id)) });

export const spaceChoices = (spaces: Space[]): SpaceChoice[] =>
  spaceTree(spaces.map(presentSpace)).map(({ space, depth }) => ({ id: space.id, name: space.name, parent_id: space.parent_id, depth }));

/** The account's spaces as the list shows them: each container followed by what it contains. */
export const spaceList = async (ctx: AccountCtx) => spaceTree((await listSpaces(ctx)).map(presentSpace));

/** What the space's page shows beside it: the other spaces' names, the parent choices, and its calendar feed. */
export const spacePageData = async (ctx: AccountCtx, space: { id: string; ical_token: string }) => {
  const spaces = await listSpaces(ctx);
  return {
    names: new Map(spaces.map((other) => [other.id, other.name])),
    choices: spaceChoices(spaces),
    feed: await calendarFeedUrl(ctx.account.id, space),
  };
};

/**
 * A new space's form: the parent choices, the container a "New space inside …" link names (the
 * venue follows from it in the form), and the zone it most likely shares: its container's, else
 * the first venue's, else the account's.
 */
export const newSpaceData = async (ctx: AccountCtx, parentId: string | undefined) => {
  const spaces = await listSpaces(ctx);
  const parent = spaces.find((space) => space.id === parentId);
  const zone = parent?.timezone ?? spaces.find((space) => space.parentId === null)?.timezone ?? accountTimeZone(ctx);
  return { choices: spaceChoices(spaces), parentId: parent?.id, zone };
};

const zones = ["UTC", ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC")];

/** Every IANA zone the server knows, plus a stored one it does not list (it still validates them). */
export const timeZoneChoices = (current?: string) => (current && !zones.includes(current) ? [current, ...zones] : zones);

/**
 * The space's iCalendar feed as calendar apps subscribe to it: an absolute URL on the
 * configured public address, else the host this page was requested on.
 */
export const calendarFeedUrl = async (accountId: number, space: { id: string; ical_token: string }) => {
  const base = await pageBaseUrl();
  const path = `/api/v1/accounts/${accountId}/planning/spaces/${space.id}/calendar.ics`;
  return `${base}${path}?token=${encodeURIComponent(space.ical_token)}`;
};
