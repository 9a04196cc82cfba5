import type { SubscribableEvent } from "@/lib/events/names";

/*
 * The events a webhook can subscribe to, grouped and described for the form. The names stay
 * as receivers see them in the payload's `event`; tests/unit/webhook-event-groups.test.ts keeps
 * this list and lib/events/names.ts in step.
 */

export type EventChoice = { name: SubscribableEvent; description: string };
export type EventGroup = { title: string; events: EventChoice[] };

export const eventGroups: EventGroup[] = [
  {
    title: "Conversations",
    events: [
      { name: "conversation_created", description: "A conversation starts." },
      { name: "conversation_status_changed", description: "A conversation is opened, resolved, snoozed or set pending." },
      { name: "conversation_updated", description: "Anything else about a conversation changes (assignee, labels, attributes)." },
      { name: "conversation_typing_on", description: "An agent starts typing." },
      { name: "conversation_typing_off", description: "An agent stops typing." },
    ],
  },
  {
    title: "Messages",
    events: [
      { name: "message_created", description: "A guest or an agent writes a message." },
      { name: "message_updated", description: "A message is edited, deleted or fails to send." },
    ],
  },
  {
    title: "Contacts",
    events: [
      { name: "contact_created", description: "A contact is added." },
      { name: "contact_updated", description: "A contact's details change." },
    ],
  },
  {
    title: "Inboxes",
    events: [
      { name: "inbox_created", description: "An inbox is added." },
      { name: "inbox_updated", description: "An inbox's settings change." },
    ],
  },
  {
    title: "Website widget",
    events: [{ name: "webwidget_triggered", description: "A visitor opens the chat on your website." }],
  },
  {
    title: "Planning",
    events: [
      { name: "event_created", description: "A planning event is created." },
      { name: "event_updated", description: "A planning event changes." },
      { name: "allocation_created", description: "A space is booked or held." },
      { name: "allocation_updated", description: "A booking or hold changes." },
      { name: "allocation_cancelled", description: "A booking or hold is cancelled." },
      { name: "allocation_expired", description: "A hold runs out." },
    ],
  },
  {
    title: "Quotes",
    events: [
      { name: "quote_sent", description: "A quote is sent to the customer." },
      { name: "quote_viewed", description: "The customer opens the quote for the first time." },
      { name: "quote_accepted", description: "The customer accepts the quote." },
      { name: "quote_rejected", description: "The customer declines the quote." },
      { name: "quote_withdrawn", description: "A sent quote is withdrawn." },
    ],
  },
];
