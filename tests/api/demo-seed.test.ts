import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { seedDemo } from "@/demo/seed";
import { api } from "../helpers/app";

describe("demo data", () => {
  it("fills an empty database with an inbox that looks real, once", async () => {
    const login = await seedDemo(getDb(), "demo-password-1");
    expect(login).not.toBeNull();
    const token = login!.token;
    const profile = await api.get("/api/v1/profile", { token });
    const accountId = profile.body.accounts[0].id;
    const base = `/api/v1/accounts/${accountId}`;

    const inboxes = (await api.get(`${base}/inboxes`, { token })).body.payload;
    expect(inboxes.map((i: { channel_type: string }) => i.channel_type).sort()).toEqual(["Channel::Api", "Channel::WebWidget"]);
    expect((await api.get(`${base}/contacts`, { token })).body.meta.count).toBe(20);
    expect((await api.get(`${base}/labels`, { token })).body.payload.length).toBeGreaterThanOrEqual(5);
    expect((await api.get(`${base}/teams`, { token })).body).toHaveLength(1);
    expect((await api.get(`${base}/canned_responses`, { token })).body.length).toBeGreaterThanOrEqual(4);

    const all = (await api.get(`${base}/conversations?status=all&assignee_type=all`, { token })).body.data;
    expect(all.meta.all_count).toBe(30);
    const open = (await api.get(`${base}/conversations?status=open`, { token })).body.data.meta;
    expect(open.unassigned_count).toBeGreaterThan(0);
    expect(open.assigned_count).toBeGreaterThan(0);
    for (const status of ["pending", "snoozed", "resolved"]) {
      expect((await api.get(`${base}/conversations?status=${status}`, { token })).body.data.meta.all_count, status).toBeGreaterThan(0);
    }
    const first = all.payload[0];
    const thread = (await api.get(`${base}/conversations/${first.id}/messages`, { token })).body.payload;
    expect(thread.length).toBeGreaterThan(0);
    expect(thread[0].message_type).toBe(0);

    // Planning: the venue with its divided hall and three more rooms, events over the next four weeks.
    const spaces = (await api.get(`${base}/spaces`, { token })).body.spaces;
    expect(spaces.map((s: { name: string }) => s.name)).toEqual(["Canal House", "Grand Hall", "Hall A", "Hall B", "Library", "Garden Room", "Rooftop Terrace"]);
    const grandHall = spaces.find((s: { name: string }) => s.name === "Grand Hall");
    expect(spaces.filter((s: { parent_id: string }) => s.parent_id === grandHall.id).map((s: { name: string }) => s.name)).toEqual(["Hall A", "Hall B"]);
    const now = Date.now();
    const window = `start_at=${new Date(now).toISOString()}&end_at=${new Date(now + 35 * 86_400_000).toISOString()}`;
    const booked = (await api.get(`${base}/planning/allocations?${window}`, { token })).body.allocations;
    const statuses = booked.map((a: { status: string }) => a.status);
    expect(statuses).toContain("confirmed");
    expect(statuses).toContain("tentative");
    expect(booked.some((a: { sequence: number | null }) => a.sequence === 2)).toBe(true);
    const events = (await api.get(`${base}/planning/events?q=wedding`, { token })).body.events;
    expect((await api.get(`${base}/planning/events`, { token })).body.meta.count).toBeGreaterThanOrEqual(8);

    // Pricing: rates, a default plan with rules and bundles, discount codes, and a sent quote for the wedding.
    expect((await api.get(`${base}/planning/rates`, { token })).body.length).toBeGreaterThanOrEqual(3);
    const plans = (await api.get(`${base}/planning/pricing-plans`, { token })).body;
    expect(plans.filter((p: { is_default: boolean }) => p.is_default)).toHaveLength(1);
    expect((await api.get(`${base}/planning/discount-codes`, { token })).body.length).toBeGreaterThanOrEqual(2);
    const quotes = (await api.get(`${base}/planning/events/${events[0].id}/quotes`, { token })).body.payload;
    expect(quotes).toHaveLength(1);
    expect(quotes[0]).toMatchObject({ status: "sent", version: 1 });
    expect(quotes[0].total_incl_tax).toBeGreaterThan(0);
    expect(quotes[0].breakdown.warnings).toEqual([]);

    // Reports: the conversations played out over three weeks, so their figures read like a real inbox's.
    const until = Math.floor(Date.now() / 1000) + 60;
    const month = `since=${until - 30 * 86_400}&until=${until}`;
    const summary = (await api.get(`/api/v2/accounts/${accountId}/reports/summary?type=account&${month}`, { token })).body;
    expect(summary).toMatchObject({ conversations_count: 30, resolutions_count: 6 });
    expect(summary.incoming_messages_count).toBeGreaterThan(30);
    expect(summary.avg_first_response_time).toBeGreaterThan(5 * 60);
    expect(summary.avg_resolution_time).toBeGreaterThan(3600);
    expect(summary.reply_time).toBeGreaterThan(60);
    const inWorkingHours = (await api.get(`/api/v2/accounts/${accountId}/reports/summary?type=account&business_hours=true&${month}`, { token })).body;
    expect(inWorkingHours.avg_first_response_time).toBeLessThan(summary.avg_first_response_time);
    const days = (await api.get(`/api/v2/accounts/${accountId}/reports?metric=conversations_count&type=account&${month}`, { token })).body;
    expect(days.filter((day: { value: number }) => day.value > 0).length).toBeGreaterThan(10);

    // Venue reports: the summit's accepted quote is revenue ahead; three quotes went out today, one accepted, one declined.
    const today = new Date().toISOString().slice(0, 10);
    const ahead = new Date(Date.now() + 35 * 86_400_000).toISOString().slice(0, 10);
    const revenue = (await api.get(`/api/v2/accounts/${accountId}/reports/planning/revenue?since=${today}&until=${ahead}`, { token })).body;
    expect(revenue.totals).toEqual([expect.objectContaining({ currency: "EUR", quotes: 1 })]);
    expect(Number(revenue.totals[0].total_incl_tax)).toBeGreaterThan(0);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const sent = (await api.get(`/api/v2/accounts/${accountId}/reports/planning/quotes?since=${yesterday}&until=${ahead}`, { token })).body;
    expect(sent).toMatchObject({ sent: 3, accepted: 1, declined: 1, open: 1 });

    // The help center: published articles in two languages (the draft kept back), the Grand Hall's
    // facts and photos, and the website chat linked to the portal for agents.
    const portals = (await api.get(`${base}/portals`, { token })).body.payload;
    expect(portals.map((portal: { slug: string }) => portal.slug)).toEqual(["canal-house"]);
    const counts = (await api.get(`${base}/portals/canal-house`, { token })).body.meta;
    expect(counts).toMatchObject({ published_count: 9, draft_articles_count: 1, categories_count: 4 });
    const hall = (await api.get(`${base}/spaces/${grandHall.id}`, { token })).body;
    expect(hall.knowledgebase_id).not.toBeNull();
    const gallery = (await api.get(`${base}/galleries/${hall.gallery_knowledgebase_id}`, { token })).body;
    expect(gallery.images.map((image: { caption: string }) => image.caption)).toEqual(["Gala dinner for 240", "Theatre set-up for 320"]);
    const chat = inboxes.find((inbox: { channel_type: string }) => inbox.channel_type === "Channel::WebWidget");
    expect((await api.get(`${base}/inboxes/${chat.id}`, { token })).body.help_center).toEqual({ name: "Canal House Help Center", slug: "canal-house" });

    expect(await seedDemo(getDb(), "demo-password-1")).toBeNull();
  });
});
