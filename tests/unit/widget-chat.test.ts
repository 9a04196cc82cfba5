import { describe, expect, it } from "vitest";
import { contrast, foregroundOn, widgetColor } from "@/lib/widget/colors";
import { withinWorkingHours, type WorkingDay } from "@/lib/widget/hours";
import { mergeMessages, newestId, stillSending, toWidgetMessage, unreadReplies, type PublicMessage, type WidgetMessage } from "@/lib/widget/messages";
import { hostCommand, maxKeptSession, widgetEvents } from "@/lib/widget/protocol";
import { readSession, visitorName, writeSession } from "@/lib/widget/session";
import { widgetSettings, type WidgetInbox } from "@/lib/widget/settings";

const day = (day_of_week: number, open: [number, number] | "closed" | "all"): WorkingDay => ({
  day_of_week,
  closed_all_day: open === "closed",
  open_all_day: open === "all",
  open_hour: Array.isArray(open) ? open[0] : null,
  open_minutes: Array.isArray(open) ? 0 : null,
  close_hour: Array.isArray(open) ? open[1] : null,
  close_minutes: Array.isArray(open) ? 0 : null,
});
/** Sunday closed, Monday to Friday 09:00–17:00, Saturday open all day. */
const schedule = [day(0, "closed"), day(1, [9, 17]), day(2, [9, 17]), day(3, [9, 17]), day(4, [9, 17]), day(5, [9, 17]), day(6, "all")];

describe("withinWorkingHours", () => {
  it.each([
    ["Monday 09:00 in Amsterdam", "2026-06-01T07:00:00Z", "Europe/Amsterdam", true],
    ["Monday 08:59 in Amsterdam", "2026-06-01T06:59:00Z", "Europe/Amsterdam", false],
    ["Monday 17:00 in Amsterdam (closing time)", "2026-06-01T15:00:00Z", "Europe/Amsterdam", false],
    ["Monday 16:59 in Amsterdam", "2026-06-01T14:59:00Z", "Europe/Amsterdam", true],
    ["Sunday noon", "2026-05-31T10:00:00Z", "Europe/Amsterdam", false],
    ["Saturday at 3 in the morning (open all day)", "2026-06-06T01:00:00Z", "Europe/Amsterdam", true],
    ["Monday 10:00 UTC, which is Monday 06:00 in New York", "2026-06-01T10:00:00Z", "America/New_York", false],
    ["an unknown zone", "2026-05-31T10:00:00Z", "Mars/Olympus_Mons", true],
  ])("%s: %s", (_, at, zone, open) => {
    expect(withinWorkingHours(schedule, zone, new Date(at))).toBe(open);
  });

  it("counts a day missing from the schedule as open", () => {
    expect(withinWorkingHours([], "UTC", new Date("2026-05-31T03:00:00Z"))).toBe(true);
  });
});

describe("colours", () => {
  it.each([
    ["#1F93FF", "#1f93ff"],
    ["red", "#1f93ff"],
    ["#fff", "#1f93ff"],
    [null, "#1f93ff"],
    ["#123456;background:url(x)", "#1f93ff"],
  ])("the stored colour %s is drawn as %s", (stored, drawn) => {
    expect(widgetColor(stored)).toBe(drawn);
  });

  it.each(["#1f93ff", "#ffeb3b", "#000000", "#ffffff", "#7c3aed", "#16a34a", "#808080"])("text on %s is readable (contrast at least 4.5)", (color) => {
    expect(contrast(color, foregroundOn(color))).toBeGreaterThanOrEqual(4.5);
  });

  it("writes white on dark colours and dark on light ones", () => {
    expect(foregroundOn("#1e3a8a")).toBe("#ffffff");
    expect(foregroundOn("#fde68a")).toBe("#0f172a");
  });
});

const publicMessage = (overrides: Partial<PublicMessage>): PublicMessage => ({
  id: "10",
  content: "Hello",
  message_type: "0",
  created_at: "1780000000",
  attachments: [],
  ...overrides,
});

describe("toWidgetMessage", () => {
  const venue = { venueName: "Demo Venue", professional: false };

  it("shows the visitor's own messages as theirs, with no author", () => {
    expect(toWidgetMessage(publicMessage({}), venue)).toEqual({ id: 10, content: "Hello", from: "visitor", author: null, createdAt: 1780000000, attachments: 0 });
  });

  it("names an agent's reply by the agent's display name, then name, then the venue", () => {
    const reply = (sender: PublicMessage["sender"]) => toWidgetMessage(publicMessage({ message_type: "1", sender }), venue).author;
    expect(reply({ name: "Alex Morgan", available_name: "Alex", type: "user" })).toBe("Alex");
    expect(reply({ name: "Alex Morgan", available_name: " ", type: "user" })).toBe("Alex Morgan");
    expect(reply({ name: "", type: "agent_bot" })).toBe("Demo Venue");
    expect(reply(undefined)).toBe("Demo Venue");
  });

  it("answers as the venue when the inbox speaks as the business", () => {
    const message = publicMessage({ message_type: "1", sender: { name: "Alex Morgan", type: "user" } });
    expect(toWidgetMessage(message, { venueName: "Demo Venue", professional: true }).author).toBe("Demo Venue");
  });

  it("counts template messages as the venue's", () => {
    expect(toWidgetMessage(publicMessage({ message_type: "3" }), venue).from).toBe("venue");
  });
});

describe("merging, unread and newest", () => {
  const message = (id: number, from: WidgetMessage["from"], content = `m${id}`): WidgetMessage => ({ id, content, from, author: null, createdAt: id, attachments: 0 });

  it("keeps every message once, oldest first, the later copy winning", () => {
    const merged = mergeMessages([message(3, "venue"), message(1, "visitor")], [message(2, "visitor"), message(3, "venue", "edited")]);
    expect(merged.map((m) => [m.id, m.content])).toEqual([
      [1, "m1"],
      [2, "m2"],
      [3, "edited"],
    ]);
  });

  it("counts only the venue's replies after the last one seen", () => {
    const messages = [message(1, "visitor"), message(2, "venue"), message(3, "visitor"), message(4, "venue"), message(5, "venue")];
    expect(unreadReplies(messages, 0)).toBe(3);
    expect(unreadReplies(messages, 3)).toBe(2);
    expect(unreadReplies(messages, 5)).toBe(0);
    expect(newestId(messages)).toBe(5);
    expect(newestId([])).toBe(0);
  });
});

describe("the stored session", () => {
  const session = { sourceId: "0b1c-uuid", pubsubToken: "pubsub", conversationId: 42, seenId: 7 };

  it("reads back what was written", () => {
    expect(readSession(writeSession(session))).toEqual(session);
  });

  it.each([
    ["nothing", null],
    ["not JSON", "{oops"],
    ["a string", '"x"'],
    ["no conversation", JSON.stringify({ source_id: "a", pubsub_token: "b" })],
    ["a conversation id that is not a number", JSON.stringify({ source_id: "a", pubsub_token: "b", conversation_id: "4" })],
    ["an empty source id", JSON.stringify({ source_id: "", pubsub_token: "b", conversation_id: 4 })],
    ["a source id too long to be ours", JSON.stringify({ source_id: "a".repeat(256), pubsub_token: "b", conversation_id: 4 })],
  ])("is none when the storage holds %s", (_, raw) => {
    expect(readSession(raw)).toBeNull();
  });

  it("starts with nothing seen when that part is missing", () => {
    expect(readSession(JSON.stringify({ source_id: "a", pubsub_token: "b", conversation_id: 4 }))).toMatchObject({ seenId: 0 });
  });

  it("names visitors so agents can tell them apart", () => {
    expect(visitorName(() => 0)).toBe("Website visitor 1000");
    expect(visitorName(() => 0.99999)).toBe("Website visitor 9999");
  });
});

describe("hostCommand", () => {
  it.each([
    [{ type: widgetEvents.opened }, { kind: "opened" }],
    [{ type: widgetEvents.closed }, { kind: "closed" }],
    [{ type: widgetEvents.session, value: '{"source_id":"a"}' }, { kind: "session", value: '{"source_id":"a"}' }],
    [{ type: widgetEvents.session, value: null }, { kind: "session", value: null }],
    [{ type: widgetEvents.session, value: { source_id: "a" } }, { kind: "session", value: null }],
    [{ type: widgetEvents.session, value: "x".repeat(maxKeptSession + 1) }, { kind: "session", value: null }],
    [{ type: widgetEvents.ready }, null],
    [{ type: widgetEvents.store, value: "x" }, null],
    ["venuedesk:opened", null],
    [null, null],
    [{ type: "something-else" }, null],
  ])("%j is %j", (data, command) => {
    expect(hostCommand(data)).toEqual(command);
  });
});

describe("widgetSettings", () => {
  const inbox: WidgetInbox = {
    name: "Website chat",
    channelConfig: { widget_color: "#7c3aed", reply_time: "in_a_few_hours" },
    greetingEnabled: true,
    greetingMessage: "  Hi there!  ",
    workingHoursEnabled: false,
    schedule,
    timezone: "Europe/Amsterdam",
    outOfOfficeMessage: null,
    senderNameType: "friendly",
    businessName: null,
  };
  const sunday = new Date("2026-05-31T10:00:00Z");

  it("shows the inbox's name, colour, reply time and greeting", () => {
    expect(widgetSettings(inbox, sunday)).toEqual({
      title: "Website chat",
      subtitle: "We usually reply in a few hours",
      color: "#7c3aed",
      foreground: "#ffffff",
      greeting: "Hi there!",
      away: null,
      venueName: "Website chat",
      professional: false,
    });
  });

  it("prefers the welcome title and tagline, and the business name for the venue", () => {
    const settings = widgetSettings({ ...inbox, channelConfig: { welcome_title: "Hello from Demo Venue", welcome_tagline: "Ask us anything" }, businessName: "Demo Venue", senderNameType: "professional" }, sunday);
    expect(settings).toMatchObject({ title: "Hello from Demo Venue", subtitle: "Ask us anything", color: "#1f93ff", venueName: "Demo Venue", professional: true });
  });

  it("shows no greeting when it is off or empty", () => {
    expect(widgetSettings({ ...inbox, greetingEnabled: false }, sunday).greeting).toBeNull();
    expect(widgetSettings({ ...inbox, greetingMessage: " " }, sunday).greeting).toBeNull();
  });

  it("says the venue is away outside working hours, in its own words when it has them", () => {
    const hours = { ...inbox, workingHoursEnabled: true };
    expect(widgetSettings(hours, sunday).away).toMatch(/away right now/);
    expect(widgetSettings({ ...hours, outOfOfficeMessage: "Back on Monday!" }, sunday).away).toBe("Back on Monday!");
    expect(widgetSettings(hours, new Date("2026-06-01T09:00:00Z")).away).toBeNull();
  });
});

describe("the visitor's message while it is sent", () => {
  const said = (id: number, content: string, from: WidgetMessage["from"] = "visitor"): WidgetMessage => ({ id, content, from, author: null, createdAt: id, attachments: 0 });
  it.each([
    ["nothing pending", null, [said(5, "Hi")], false],
    ["not stored yet", { content: "Hi", after: 5 }, [said(5, "Hi")], true],
    ["stored (by the answer or a poll that landed first)", { content: "Hi", after: 5 }, [said(5, "Hi"), said(6, "Hi")], false],
    ["the same words from the venue do not count", { content: "Hi", after: 5 }, [said(6, "Hi", "venue")], true],
    ["other words of the visitor's do not count", { content: "Hi", after: 5 }, [said(6, "Hello")], true],
  ] as const)("%s", (_case, pending, messages, shown) => expect(stillSending(pending, messages)).toBe(shown));
});
