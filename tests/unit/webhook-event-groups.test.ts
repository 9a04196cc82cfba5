import { describe, expect, it } from "vitest";
import { webhookSubscriptionDefaults } from "@/db/schema";
import { eventGroups } from "@/components/settings/webhooks/events";
import { subscribableEvents } from "@/lib/events/names";

/*
 * The webhook form offers every event a webhook may subscribe to, once, under one heading: an
 * event added to lib/events/names.ts without a place in the form fails here.
 */

const offered = eventGroups.flatMap((group) => group.events.map((event) => event.name));

describe("the webhook form's event groups", () => {
  it("offer every subscribable event exactly once", () => {
    expect([...offered].sort()).toEqual([...subscribableEvents].sort());
    expect(new Set(offered).size).toBe(offered.length);
  });

  it("offer the events a new webhook subscribes to by default", () => {
    for (const event of webhookSubscriptionDefaults) expect(offered).toContain(event);
  });
});
