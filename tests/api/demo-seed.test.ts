import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { seedDemo } from "@/db/seed";
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

    expect(await seedDemo(getDb(), "demo-password-1")).toBeNull();
  });
});
