import type { AccountCtx } from "@/lib/auth/caller";
import { isTimeZone } from "@/lib/http/schemas";
import { listSpaces } from "./spaces/spaces";

/**
 * The zone an account-wide "today" is read in (reports' days, a discount code's last day on
 * the settings list, the calendar before a space is chosen): the venue's, i.e. its first
 * active space's (by position); else the account's `timezone` custom attribute; else UTC.
 * Pure given the spaces: `venueZoneOf`; with the query: `venueZone`.
 */
export const venueZoneOf = (
  spaces: readonly { timezone: string; active: boolean; position: number }[],
  account: { customAttributes: Record<string, unknown> },
): string => {
  const first = spaces.filter((space) => space.active && isTimeZone(space.timezone)).sort((a, b) => a.position - b.position)[0];
  if (first) return first.timezone;
  const zone = account.customAttributes.timezone;
  return typeof zone === "string" && isTimeZone(zone) ? zone : "UTC";
};

export const venueZone = async (ctx: AccountCtx) => venueZoneOf(await listSpaces(ctx), ctx.account);
