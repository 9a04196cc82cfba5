import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { contacts, conversations, inboxes, reportingEvents } from "@/db/schema";
import { api } from "../helpers/app";
import { makeTeam } from "../helpers/factories";

/*
 * Timeseries and summaries over a small fixture whose figures are worked out by hand below:
 * business hours, time zones (a DST change inside the range), Monday weeks, empty buckets, the
 * previous window, and another account's rows (never counted).
 */

let team: Awaited<ReturnType<typeof makeTeam>>;
let inboxId: number;

const unix = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const reports = (path: string) => `/api/v2/accounts/${team.account.id}/reports${path}`;
const get = async (path: string) => {
  const res = await api.get(reports(path), { token: team.admin.token });
  expect(res.status).toBe(200);
  return res.body;
};

type Event = { name: string; value: number; vibh?: number; at: string; conversation?: number };

/** An account with one inbox, conversations created at `created`, and reporting events on the first of them. */
const seed = async (created: string[], events: Event[]) => {
  const db = getDb();
  const owner = await makeTeam();
  const accountId = owner.account.id;
  const [inbox] = await db
    .insert(inboxes)
    .values({ accountId, name: "Website", channelType: "Channel::Api", identifier: `w-${accountId}`, hmacToken: "h", secret: "s" })
    .returning();
  const [contact] = await db.insert(contacts).values({ accountId, name: "Guest" }).returning();
  const rows = await db
    .insert(conversations)
    .values(created.map((at, i) => ({ accountId, displayId: i + 1, inboxId: inbox!.id, contactId: contact!.id, createdAt: new Date(at) })))
    .returning();
  if (events.length > 0) {
    await db.insert(reportingEvents).values(
      events.map((event) => ({
        accountId,
        name: event.name,
        value: event.value,
        valueInBusinessHours: event.vibh ?? 0,
        conversationId: rows[event.conversation ?? 0]!.id,
        inboxId: inbox!.id,
        createdAt: new Date(event.at),
      })),
    );
  }
  return { owner, inboxId: inbox!.id };
};

beforeAll(async () => {
  ({ owner: team, inboxId } = await seed(
    [
      // London's clocks go forward at 01:00 UTC on Sunday 29 March 2026: 23:30 UTC that day is 00:30 on the 30th in London.
      "2026-03-29T23:30:00Z",
      // Sunday 4 and Monday 5 October 2026: two different weeks.
      "2026-10-04T12:00:00Z",
      "2026-10-05T08:00:00Z",
      "2026-10-05T09:00:00Z",
    ],
    [
      // 3 October: first responses of 2 h (1 h in working hours) and 10 min (none in working hours).
      { name: "first_response", value: 7200, vibh: 3600, at: "2026-10-03T10:00:00Z" },
      { name: "first_response", value: 600, vibh: 0, at: "2026-10-03T18:00:00Z" },
      // September (the previous window of a September 21 – October 20 range … see the summary test).
      { name: "conversation_resolved", value: 5000, vibh: 1000, at: "2026-09-10T10:00:00Z" },
      { name: "conversation_resolved", value: 3000, vibh: 2000, at: "2026-10-06T10:00:00Z" },
      // Two hand-offs of one conversation and one of another: two conversations handed off.
      { name: "conversation_bot_handoff", value: 60, at: "2026-10-07T10:00:00Z", conversation: 1 },
      { name: "conversation_bot_handoff", value: 60, at: "2026-10-07T11:00:00Z", conversation: 1 },
      { name: "conversation_bot_handoff", value: 60, at: "2026-10-08T10:00:00Z", conversation: 2 },
      { name: "conversation_bot_resolved", value: 300, at: "2026-09-25T10:00:00Z", conversation: 3 },
    ],
  ));
  // Another account, busy over the same days: none of it may show.
  await seed(
    ["2026-03-29T23:30:00Z", "2026-10-04T12:00:00Z", "2026-10-05T08:00:00Z"],
    [
      { name: "first_response", value: 99_999, vibh: 99_999, at: "2026-10-03T10:00:00Z" },
      { name: "conversation_bot_handoff", value: 60, at: "2026-10-07T10:00:00Z" },
    ],
  );
});

describe("business hours", () => {
  const october3 = `since=${unix("2026-10-03T00:00:00Z")}&until=${unix("2026-10-03T23:59:59Z")}`;

  it("averages all seconds, or only working-hours seconds with business_hours=true", async () => {
    const path = `?type=account&metric=avg_first_response_time&${october3}`;
    // (7200 + 600) / 2 = 3900; in working hours (3600 + 0) / 2 = 1800.
    expect(await get(path)).toEqual([{ value: 3900, timestamp: unix("2026-10-03T00:00:00Z"), count: 2 }]);
    expect(await get(`${path}&business_hours=true`)).toEqual([{ value: 1800, timestamp: unix("2026-10-03T00:00:00Z"), count: 2 }]);
    expect(await get(`${path}&business_hours=false`)).toEqual([{ value: 3900, timestamp: unix("2026-10-03T00:00:00Z"), count: 2 }]);
  });

  it("switches the summary's averages too", async () => {
    expect((await get(`/summary?type=account&${october3}`)).avg_first_response_time).toBe(3900);
    expect((await get(`/summary?type=account&${october3}&business_hours=true`)).avg_first_response_time).toBe(1800);
  });
});

describe("time zones", () => {
  const range = `since=${unix("2026-03-28T00:00:00Z")}&until=${unix("2026-03-30T22:59:59Z")}`;

  it("cuts days at UTC midnight without a zone", async () => {
    expect(await get(`?type=account&metric=conversations_count&${range}`)).toEqual([
      { value: 0, timestamp: unix("2026-03-28T00:00:00Z") },
      { value: 1, timestamp: unix("2026-03-29T00:00:00Z") },
      { value: 0, timestamp: unix("2026-03-30T00:00:00Z") },
    ]);
  });

  it("cuts days at London's midnight across the DST change with timezone=Europe/London", async () => {
    // 30 March starts at 00:00 BST = 23:00 UTC on the 29th; the conversation at 23:30 UTC falls in it.
    expect(await get(`?type=account&metric=conversations_count&timezone=Europe/London&${range}`)).toEqual([
      { value: 0, timestamp: unix("2026-03-28T00:00:00Z") },
      { value: 0, timestamp: unix("2026-03-29T00:00:00Z") },
      { value: 1, timestamp: unix("2026-03-29T23:00:00Z") },
    ]);
  });

  it("takes timezone_offset as a fixed offset, and timezone over it", async () => {
    // +1 h all along: the same bucket as London's after the change, but before it too.
    expect(await get(`?type=account&metric=conversations_count&timezone_offset=1&${range}`)).toEqual([
      { value: 0, timestamp: unix("2026-03-27T23:00:00Z") },
      { value: 0, timestamp: unix("2026-03-28T23:00:00Z") },
      { value: 1, timestamp: unix("2026-03-29T23:00:00Z") },
    ]);
    const both = await get(`?type=account&metric=conversations_count&timezone_offset=1&timezone=UTC&${range}`);
    expect(both.map((point: { timestamp: number }) => point.timestamp)).toEqual([unix("2026-03-28T00:00:00Z"), unix("2026-03-29T00:00:00Z"), unix("2026-03-30T00:00:00Z")]);
  });

  it("leaves out the hour a DST change skips", async () => {
    const night = `since=${unix("2026-03-29T00:00:00Z")}&until=${unix("2026-03-29T02:59:59Z")}`;
    // Local 00:00 GMT, then 02:00 and 03:00 BST: three real hours, not four.
    const points = await get(`?type=account&metric=conversations_count&group_by=hour&timezone=Europe/London&${night}`);
    expect(points.map((point: { timestamp: number }) => point.timestamp)).toEqual([
      unix("2026-03-29T00:00:00Z"),
      unix("2026-03-29T01:00:00Z"),
      unix("2026-03-29T02:00:00Z"),
    ]);
  });

  it("refuses a zone that does not exist", async () => {
    const res = await api.get(reports(`?type=account&metric=conversations_count&timezone=Mars/Olympus`), { token: team.admin.token });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].field).toBe("timezone");
  });
});

describe("buckets", () => {
  it("starts weeks on Monday", async () => {
    // Thursday 1 October to Wednesday 14 October 2026: weeks of 28 September, 5 and 12 October.
    const range = `since=${unix("2026-10-01T00:00:00Z")}&until=${unix("2026-10-14T23:59:59Z")}`;
    expect(await get(`?type=account&metric=conversations_count&group_by=week&${range}`)).toEqual([
      { value: 1, timestamp: unix("2026-09-28T00:00:00Z") },
      { value: 2, timestamp: unix("2026-10-05T00:00:00Z") },
      { value: 0, timestamp: unix("2026-10-12T00:00:00Z") },
    ]);
  });

  it("fills empty buckets of an average with value 0 and count 0", async () => {
    const range = `since=${unix("2026-10-05T00:00:00Z")}&until=${unix("2026-10-07T23:59:59Z")}`;
    expect(await get(`?type=account&metric=avg_resolution_time&${range}`)).toEqual([
      { value: 0, timestamp: unix("2026-10-05T00:00:00Z"), count: 0 },
      { value: 3000, timestamp: unix("2026-10-06T00:00:00Z"), count: 1 },
      { value: 0, timestamp: unix("2026-10-07T00:00:00Z"), count: 0 },
    ]);
  });

  it("counts bot hand-offs by conversation, not by event", async () => {
    const range = `since=${unix("2026-10-07T00:00:00Z")}&until=${unix("2026-10-08T23:59:59Z")}`;
    expect(await get(`?type=account&metric=bot_handoffs_count&${range}`)).toEqual([
      { value: 1, timestamp: unix("2026-10-07T00:00:00Z") },
      { value: 1, timestamp: unix("2026-10-08T00:00:00Z") },
    ]);
  });

  it("scopes a timeseries to an inbox, and answers 404 for another account's", async () => {
    const range = `since=${unix("2026-10-04T00:00:00Z")}&until=${unix("2026-10-05T23:59:59Z")}`;
    expect(await get(`?type=inbox&id=${inboxId}&metric=conversations_count&${range}`)).toEqual([
      { value: 1, timestamp: unix("2026-10-04T00:00:00Z") },
      { value: 2, timestamp: unix("2026-10-05T00:00:00Z") },
    ]);
    const other = await makeTeam();
    const res = await api.get(`/api/v2/accounts/${other.account.id}/reports?type=inbox&id=${inboxId}&metric=conversations_count`, { token: other.admin.token });
    expect(res.status).toBe(404);
  });
});

describe("summaries", () => {
  // 30 days from 21 September: the previous window is 22 August – 21 September.
  const range = `since=${unix("2026-09-21T00:00:00Z")}&until=${unix("2026-10-21T00:00:00Z")}`;

  it("totals the window and the one before, with null averages where nothing happened", async () => {
    expect(await get(`/summary?type=account&${range}`)).toEqual({
      conversations_count: 3,
      incoming_messages_count: 0,
      outgoing_messages_count: 0,
      avg_first_response_time: 3900,
      avg_resolution_time: 3000,
      resolutions_count: 1,
      reply_time: null,
      previous: {
        conversations_count: 0,
        incoming_messages_count: 0,
        outgoing_messages_count: 0,
        avg_first_response_time: null,
        avg_resolution_time: 5000,
        resolutions_count: 1,
        reply_time: null,
      },
    });
  });

  it("gives bot resolutions and hand-offs (distinct conversations) with the previous window", async () => {
    expect(await get(`/bot_summary?type=account&${range}`)).toEqual({
      bot_resolutions_count: 1,
      bot_handoffs_count: 2,
      previous: { bot_resolutions_count: 0, bot_handoffs_count: 0 },
    });
  });
});
