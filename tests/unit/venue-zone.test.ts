import { describe, expect, it } from "vitest";
import { venueZoneOf } from "@/lib/planning/venue-zone";

const space = (timezone: string, position: number, active = true) => ({ timezone, position, active });
const account = (timezone?: unknown) => ({ customAttributes: timezone === undefined ? {} : { timezone } });

describe("venueZoneOf", () => {
  it.each([
    ["the first active space by position", [space("Asia/Tokyo", 2), space("Europe/Amsterdam", 1)], account("America/New_York"), "Europe/Amsterdam"],
    ["an inactive first space is passed over", [space("Europe/Amsterdam", 1, false), space("Asia/Tokyo", 2)], account(), "Asia/Tokyo"],
    ["a zone no longer known is passed over", [space("Mars/Olympus", 1), space("Asia/Tokyo", 2)], account(), "Asia/Tokyo"],
    ["no spaces: the account's timezone attribute", [], account("America/New_York"), "America/New_York"],
    ["no spaces, a malformed attribute: UTC", [], account("Nowhere/Else"), "UTC"],
    ["no spaces, an attribute of the wrong type: UTC", [], account(42), "UTC"],
    ["nothing at all: UTC", [], account(), "UTC"],
  ])("%s", (_case, spaces, owner, zone) => expect(venueZoneOf(spaces, owner)).toBe(zone));
});
