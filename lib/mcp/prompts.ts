import { z } from "zod";

/*
 * Server prompts for common venue work. Each names the tools it relies on; a caller sees a prompt
 * only when it may call all of them (an agent without quote_manage gets no "plan an event").
 */

export type PromptSpec = {
  name: string;
  title: string;
  description: string;
  /** Tools the prompt tells the model to use: all must be the caller's. */
  tools: readonly string[];
  args: z.ZodObject;
  text: (args: Record<string, string | undefined>) => string;
};

const optional = (description: string) => z.string().max(500).optional().describe(description);

export const prompts: readonly PromptSpec[] = [
  {
    name: "plan_event",
    title: "Plan an event",
    description: "Find a space and time for an event, hold it, record the event and send the customer a quote.",
    tools: ["find_available_slots", "place_hold", "create_event", "list_rates", "create_quote", "send_quote"],
    args: z.object({
      request: z.string().max(2000).describe("What the customer asked for, in their words (date, guests, kind of event)"),
      contact: optional("The customer: a contact id, name or email, if known"),
    }),
    text: ({ request, contact }) =>
      [
        `Plan this event for a customer${contact ? ` (${contact})` : ""}: "${request}".`,
        "1. Call find_available_slots with the guest count as capacity, the event's duration and the date range asked for (weekdays [\"saturday\"] for \"a Saturday\"); times are in each space's own time zone (shown in the results).",
        "2. Pick the slot that fits best and call place_hold for it (a tentative allocation that expires unless confirmed). If it conflicts, call find_available_slots again rather than guessing.",
        "3. Find or create the contact (search_contacts, create_contact), then call create_event with the held allocation.",
        "4. Call list_rates to see what can be priced, then create_quote for the event; add optional lines (extras the customer may tick) where useful.",
        "5. Check the quote with get_quote, then send_quote. Report the quote number, total and the hold's expiry to the user.",
        "Amounts are exact, in the quote's currency: quote them as given, never round them or add amounts of different currencies.",
      ].join("\n"),
  },
  {
    name: "answer_availability",
    title: "Answer a customer about availability",
    description: "Read a conversation, check availability for what the customer asks, and reply with options.",
    tools: ["get_conversation", "find_available_slots", "send_message"],
    args: z.object({ conversation_id: z.string().regex(/^\d{1,10}$/).describe("The conversation's id (its number in the inbox)") }),
    text: ({ conversation_id }) =>
      [
        `A customer asks about availability in conversation ${conversation_id}.`,
        "1. Call get_conversation to read what they asked (dates, guests, kind of event).",
        "2. Call find_available_slots for that; give times in the space's time zone, as the tool returns them.",
        "3. Draft a short, friendly reply with two or three options and ask which they prefer. Show it to the user before sending; send it with send_message only when the user agrees.",
      ].join("\n"),
  },
  {
    name: "summarise_conversation",
    title: "Summarise a conversation",
    description: "Summarise a conversation for a colleague: who, what they want, what was promised, what is open.",
    tools: ["get_conversation"],
    args: z.object({ conversation_id: z.string().regex(/^\d{1,10}$/).describe("The conversation's id (its number in the inbox)") }),
    text: ({ conversation_id }) =>
      [
        `Summarise conversation ${conversation_id}. Call get_conversation to read it (and get_contact for the customer's events and quotes).`,
        "Write: who the customer is, what they want, what we promised and when, what is still open, and the next step. Keep it under 120 words; quote dates and amounts exactly.",
      ].join("\n"),
  },
];
