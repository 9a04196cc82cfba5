import { describe, expect, it } from "vitest";
import { targetsFor, type TargetFacts } from "@/lib/events/targets";

const facts: TargetFacts = {
  inbox: { id: 5, channelType: "Channel::Api", webhookUrl: "https://hooks.example.com/in" },
  bots: [
    { id: 1, outgoingUrl: "https://bots.example.com/1" },
    { id: 1, outgoingUrl: "https://bots.example.com/1" },
    { id: 2, outgoingUrl: null },
  ],
  webhooks: [
    { id: 10, inboxId: null, subscriptions: ["message_created", "conversation_created"] },
    { id: 11, inboxId: 6, subscriptions: ["message_created"] },
    { id: 12, inboxId: null, subscriptions: ["contact_created"] },
  ],
};

describe("who hears an event", () => {
  it.each([
    [
      "a message: subscribed webhooks of the account or its inbox, the API inbox, the bot once",
      { name: "message_created", inboxId: 5, external: true },
      facts,
      ["webhook:10", "inbox:5", "agent_bot:1"],
    ],
    ["conversation_created: no bot", { name: "conversation_created", inboxId: 5, external: true }, facts, ["webhook:10", "inbox:5"]],
    ["an activity message: no one outside", { name: "message_created", inboxId: 5, external: false }, facts, []],
    [
      "a web widget inbox has no webhook_url target",
      { name: "message_created", inboxId: 5, external: true },
      { ...facts, inbox: { id: 5, channelType: "Channel::WebWidget", webhookUrl: "https://x.example.com" } },
      ["webhook:10", "agent_bot:1"],
    ],
    [
      "a contact event: account-wide webhooks only, never an inbox URL or bot",
      { name: "contact_created", inboxId: null, external: true },
      { ...facts, webhooks: [...facts.webhooks, { id: 13, inboxId: 5, subscriptions: ["contact_created"] }] },
      ["webhook:12"],
    ],
    [
      "an inbox event: not even the webhook scoped to that inbox",
      { name: "inbox_updated", inboxId: 5, external: true },
      { ...facts, webhooks: [{ id: 14, inboxId: null, subscriptions: ["inbox_updated"] }, { id: 15, inboxId: 5, subscriptions: ["inbox_updated"] }] },
      ["webhook:14"],
    ],
    [
      "excluded: the failing API inbox does not hear its own failure, everyone else does",
      { name: "message_updated", inboxId: 5, external: true, exclude: [{ kind: "inbox" as const, id: 5 }] },
      { ...facts, webhooks: [{ id: 10, inboxId: null, subscriptions: ["message_updated"] }] },
      ["webhook:10", "agent_bot:1"],
    ],
    [
      "bots only: conversation_opened reaches no webhook or inbox URL",
      { name: "conversation_opened", inboxId: 5, external: true },
      facts,
      ["agent_bot:1"],
    ],
    [
      "an API inbox without a URL",
      { name: "message_created", inboxId: 5, external: true },
      { ...facts, inbox: { id: 5, channelType: "Channel::Api", webhookUrl: null }, bots: [] },
      ["webhook:10"],
    ],
  ])("%s", (_name, event, given, expected) => {
    expect(targetsFor(event, given).map((target) => `${target.kind}:${target.id}`)).toEqual(expected);
  });
});
