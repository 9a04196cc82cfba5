import type { DeliveryTargetKind } from "@/db/schema";
import { accountLevelEvents, botEvents, inboxScopedEvents } from "./names";

/*
 * Who hears an event (pure, given the rows): account webhooks subscribed to it (an inbox-scoped
 * webhook only its inbox's events); an API inbox's `webhook_url` every event of its
 * conversations; the inbox's bot and a bot assignee (once, when they are the same) the bot events.
 * Contact and inbox events go to account-wide webhooks only. `exclude` drops targets that must not
 * hear this event (an API inbox does not get back the failure it caused).
 */

export type TargetFacts = {
  inbox: { id: number; channelType: string; webhookUrl: string | null } | null;
  bots: { id: number; outgoingUrl: string | null }[];
  webhooks: { id: number; inboxId: number | null; subscriptions: readonly string[] }[];
};

export type Target = { kind: DeliveryTargetKind; id: number };

export type TargetedEvent = { name: string; inboxId: number | null; external: boolean; exclude?: readonly Target[] };

export const targetsFor = (event: TargetedEvent, facts: TargetFacts): Target[] => {
  if (!event.external) return [];
  const targets: Target[] = [];
  for (const webhook of facts.webhooks) {
    if (!webhook.subscriptions.includes(event.name)) continue;
    if (webhook.inboxId !== null && (accountLevelEvents.has(event.name) || webhook.inboxId !== event.inboxId)) continue;
    targets.push({ kind: "webhook", id: webhook.id });
  }
  const inbox = facts.inbox;
  if (inbox && inbox.id === event.inboxId && inbox.channelType === "Channel::Api" && inbox.webhookUrl && inboxScopedEvents.has(event.name)) {
    targets.push({ kind: "inbox", id: inbox.id });
  }
  if (botEvents.has(event.name)) {
    const seen = new Set<number>();
    for (const bot of facts.bots) {
      if (!bot.outgoingUrl || seen.has(bot.id)) continue;
      seen.add(bot.id);
      targets.push({ kind: "agent_bot", id: bot.id });
    }
  }
  const excluded = event.exclude ?? [];
  return targets.filter((target) => !excluded.some((other) => other.kind === target.kind && other.id === target.id));
};
