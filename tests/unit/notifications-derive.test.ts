import { describe, expect, it } from "vitest";
import { deriveNotifications, mentionedUserIds, type Member, type Trigger } from "@/lib/notifications/derive";
import { notificationPath, notificationTitle } from "@/lib/notifications/titles";

const conversation = { id: 70, displayId: 7, inboxId: 100 };
const admin = 1;
const agent = 2;
const other = 3;

type Recipients = [string, Trigger, { userId: number; type: string }[]];

const assignment = (actorUserId: number | null, previousAssigneeId: number | null, assigneeId: number | null): Trigger => ({
  kind: "assignment",
  actorUserId,
  conversation,
  previousAssigneeId,
  assigneeId,
});

const message = (fields: { actor?: number | null; private?: boolean; messageType?: string; sender?: [string, number]; assigneeId?: number | null; mentioned?: Extract<Trigger, { kind: "message" }>["mentioned"] }): Trigger => ({
  kind: "message",
  actorUserId: fields.actor ?? null,
  conversation: { ...conversation, assigneeId: fields.assigneeId === undefined ? agent : fields.assigneeId },
  message: {
    id: 900,
    private: fields.private ?? false,
    messageType: fields.messageType ?? "incoming",
    senderType: fields.sender?.[0] ?? "Contact",
    senderId: fields.sender?.[1] ?? 55,
  },
  mentioned: fields.mentioned ?? [],
});

const quote = { id: 5, version: 2, eventId: "e-1", eventName: "Gala" };

describe("deriveNotifications: who is notified", () => {
  it.each<Recipients>([
    ["assignment: the new assignee", assignment(admin, null, agent), [{ userId: agent, type: "conversation_assignment" }]],
    ["assignment: not someone assigning themselves", assignment(agent, null, agent), []],
    ["assignment: not an unassignment", assignment(admin, agent, null), []],
    ["assignment: not the same assignee again", assignment(admin, agent, agent), []],
    ["assignment by a bot or the system: the assignee", assignment(null, other, agent), [{ userId: agent, type: "conversation_assignment" }]],
    ["a customer's message: the assignee", message({}), [{ userId: agent, type: "assigned_conversation_new_message" }]],
    ["another agent's reply: the assignee", message({ actor: admin, messageType: "outgoing", sender: ["User", admin] }), [{ userId: agent, type: "assigned_conversation_new_message" }]],
    ["the assignee's own reply: nobody", message({ actor: agent, messageType: "outgoing", sender: ["User", agent] }), []],
    ["a bot's reply: the assignee", message({ messageType: "outgoing", sender: ["AgentBot", 4] }), [{ userId: agent, type: "assigned_conversation_new_message" }]],
    ["an unassigned conversation: nobody", message({ assigneeId: null }), []],
    ["a template message: nobody", message({ messageType: "template" }), []],
    ["a private note: not the assignee", message({ actor: admin, private: true, messageType: "outgoing", sender: ["User", admin] }), []],
    [
      "a private note: the mentioned users who see the inbox",
      message({
        actor: admin,
        private: true,
        messageType: "outgoing",
        sender: ["User", admin],
        mentioned: [
          { userId: agent, inboxes: new Set([100]) },
          { userId: other, inboxes: new Set([101]) },
          { userId: 9, inboxes: "all" },
        ],
      }),
      [
        { userId: agent, type: "conversation_mention" },
        { userId: 9, type: "conversation_mention" },
      ],
    ],
    ["a private note: not the writer mentioning themselves", message({ actor: admin, private: true, mentioned: [{ userId: admin, inboxes: "all" }] }), []],
    ["a quote accepted by the customer: every planner", { kind: "quote", type: "quote_accepted", actorUserId: null, quote, planners: [admin, agent] }, [
      { userId: admin, type: "quote_accepted" },
      { userId: agent, type: "quote_accepted" },
    ]],
    ["a quote accepted by a planner: the other planners", { kind: "quote", type: "quote_accepted", actorUserId: admin, quote, planners: [admin, agent] }, [{ userId: agent, type: "quote_accepted" }]],
    ["a quote viewed: the planner once, though named twice", { kind: "quote", type: "quote_viewed", actorUserId: null, quote, planners: [agent, agent] }, [{ userId: agent, type: "quote_viewed" }]],
    [
      "a refused acceptance: the planners, as an allocation conflict",
      { kind: "refused_acceptance", actorUserId: null, quote, reason: "Hall A is taken", planners: [admin] },
      [{ userId: admin, type: "allocation_conflict" }],
    ],
    [
      "a hold lapsing: its planner",
      { kind: "hold", type: "hold_expiring", actorUserId: null, hold: { id: "h-1", eventId: "e-1", eventName: "Gala", spaceName: "Hall A", startAt: "2027-01-01T10:00:00Z" }, planners: [agent] },
      [{ userId: agent, type: "hold_expiring" }],
    ],
    [
      "a hold blocked by a booking: not the planner who booked over it",
      {
        kind: "hold",
        type: "allocation_conflict",
        actorUserId: agent,
        hold: { id: "h-1", eventId: "e-1", eventName: "Gala", spaceName: "Hall A", startAt: "2027-01-01T10:00:00Z" },
        blockedBy: { id: "a-2", eventName: "Wedding" },
        planners: [agent, other],
      },
      [{ userId: other, type: "allocation_conflict" }],
    ],
  ])("%s", (_, trigger, expected) => {
    expect(deriveNotifications(trigger).map(({ userId, type }) => ({ userId, type }))).toEqual(expected);
  });

  it("names the conversation and the message, with the display id for the title and link", () => {
    const [notice] = deriveNotifications(message({}));
    expect(notice).toEqual({
      userId: agent,
      type: "assigned_conversation_new_message",
      primaryActor: { type: "Conversation", id: "70" },
      secondaryActor: { type: "Message", id: "900" },
      meta: { display_id: 7 },
    });
    expect(notificationTitle(notice!.type, notice!.meta)).toBe("A new message is created in conversation (#7)");
    expect(notificationPath(1, { primaryActorType: "Conversation", meta: notice!.meta })).toBe("/app/accounts/1/conversations/7");
  });

  it("leads a quote's notification to its planning event", () => {
    const [notice] = deriveNotifications({ kind: "quote", type: "quote_rejected", actorUserId: null, quote, planners: [admin] });
    expect(notificationTitle(notice!.type, notice!.meta)).toBe("Quote v2 for Gala has been declined");
    expect(notificationPath(1, { primaryActorType: "Quote", meta: notice!.meta })).toBe("/app/accounts/1/planning/events/e-1");
  });
});

const members: Member[] = [
  { id: 1, name: "Ann", displayName: null },
  { id: 2, name: "Ann Lee", displayName: "annie" },
  { id: 3, name: "Bob Stone", displayName: null },
];

describe("mentionedUserIds: who a note mentions", () => {
  it.each<[string, string | null, number[]]>([
    ["Chatwoot's mention link", "Please check [@Bob Stone](mention://user/3/Bob%20Stone)", [3]],
    ["a link to someone not a member: nobody", "[@Eve](mention://user/99/Eve) look", []],
    ["a plain @name", "@Bob Stone can you call them?", [3]],
    ["case does not matter", "thanks @bob stone", [3]],
    ["the longest name wins", "@Ann Lee please", [2]],
    ["a shorter name on its own", "@Ann, please", [1]],
    ["a display name", "ask @annie", [2]],
    ["not a name inside a longer word", "@Annabel will do it", []],
    ["an email address is no mention", "write to bob@example.com", []],
    ["several at once", "@Ann and [@Bob Stone](mention://user/3/Bob%20Stone)", [3, 1]],
    ["no @ at all", "nothing here", []],
    ["no content", null, []],
  ])("%s", (_, content, expected) => {
    expect(mentionedUserIds(content, members)).toEqual(expected);
  });
});
