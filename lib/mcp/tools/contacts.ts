import { z } from "zod";
import { createContact, searchContacts, showContact, updateContact } from "@/lib/contacts/contacts";
import { createContactOp, patchContactOp, searchContactsOp, showContactOp } from "@/lib/contacts/operations";
import { presentContact, presentContactableInbox, presentContactSearch } from "@/lib/contacts/present";
import { contactStory } from "@/lib/planning/customer-story";
import { adds, decodeCursor, defineTool, encodeCursor, reads, sets, ZCursor } from "../tool";
import { outputOf, toolInput, ZNextCursor } from "./input";

/*
 * Contacts: search, show (with the customer's planning story), create, update. The contacts service
 * asks for no permission beyond membership (only deleting, which no tool does, is for administrators).
 */

const contactId = showContactOp.params.shape.id.describe("The contact's id (`id` in search_contacts results, `meta.sender.id` of a conversation)");
const create = createContactOp.body.shape;
const update = patchContactOp.body.shape;

/** The fields create and update share (the same schemas in both bodies), described for a model. */
const contactFields = (shape: typeof update) => ({
  name: shape.name.describe("Full name"),
  email: shape.email.describe("Email address; quotes are emailed here"),
  phone_number: shape.phone_number.describe("E.164, e.g. +31612345678"),
  identifier: shape.identifier.describe("Your own id for the contact in another system"),
  additional_attributes: shape.additional_attributes.describe("Free-form details (company_name, city, country_code, …)"),
  custom_attributes: shape.custom_attributes.describe("Values of the account's contact custom attributes, by key"),
});

export const contactTools = [
  defineTool({
    name: "search_contacts",
    title: "Search contacts",
    description:
      "Finds contacts whose name, email, phone number or identifier contains `q` (case-insensitive), 15 a page, most recent activity first. " +
      "Returns {meta, payload: [contacts]}; a contact's `id` is what get_contact, update_contact and create_event's contact_id take. Pass next_cursor back as cursor for more.",
    access: "member",
    scope: "read",
    annotations: reads,
    input: toolInput({
      q: searchContactsOp.query.shape.q.unwrap().describe("Text to find in name, email, phone number or identifier"),
      sort: searchContactsOp.query.shape.sort,
      cursor: ZCursor,
    }),
    output: searchContactsOp.response.extend({ next_cursor: ZNextCursor }),
    run: async (ctx, { cursor, ...query }) => {
      const page = decodeCursor(cursor);
      const body = presentContactSearch(await searchContacts(ctx, { ...query, page }));
      return { ...body, next_cursor: body.meta.has_more ? encodeCursor(page + 1) : null };
    },
  }),

  defineTool({
    name: "get_contact",
    title: "Get a contact and their story",
    description:
      "Returns a contact as the API shows it (`payload`: name, email, phone, attributes, inboxes; times in Unix seconds) and `story`: their planning events, newest first " +
      "(status, conversation they started from, allocations with space and time zone, every quote version with status and total incl. tax), the total number of events, " +
      "and their confirmed bookings. Times in the story are ISO 8601 UTC; amounts are decimal strings. Use get_event / get_quote for the full records.",
    access: "member",
    scope: "read",
    annotations: reads,
    input: toolInput({ contact_id: contactId }),
    output: showContactOp.response.extend({
      story: z.record(z.string(), z.unknown()).describe("events (newest first, at most 20), total_events, bookings"),
    }),
    run: async (ctx, { contact_id }) => {
      const [contact, story] = await Promise.all([showContact(ctx, contact_id), contactStory(ctx, contact_id)]);
      return { payload: presentContact(contact), story };
    },
  }),

  defineTool({
    name: "create_contact",
    title: "Create a contact",
    description:
      "Creates a contact (every field optional; email and identifier must be unused in the account). With inbox_id (from list_inboxes) the contact also gets an identity in " +
      "that inbox, so a conversation can start there. Returns {payload: {contact, contact_inbox}}; contact.id is what create_event's contact_id takes.",
    access: "member",
    scope: "write",
    annotations: adds,
    input: toolInput({
      ...contactFields(create),
      inbox_id: create.inbox_id.describe("Also give the contact an identity in this inbox (from list_inboxes)"),
      source_id: create.source_id.describe("That identity's id in the channel; generated when omitted"),
    }),
    output: outputOf(createContactOp.response),
    run: async (ctx, input) => {
      const { contact, contactInbox } = await createContact(ctx, input);
      return { payload: { contact: presentContact(contact), contact_inbox: contactInbox ? presentContactableInbox(contactInbox) : null } };
    },
  }),

  defineTool({
    name: "update_contact",
    title: "Update a contact",
    description:
      "Changes the given fields of a contact; fields left out stay as they are, null or \"\" clears one. additional_attributes and custom_attributes are merged into the stored ones. " +
      "Returns {payload: contact}.",
    access: "member",
    scope: "write",
    annotations: sets,
    input: toolInput({ contact_id: contactId, ...contactFields(update), blocked: update.blocked.describe("true blocks the contact's messages") }),
    output: outputOf(patchContactOp.response),
    run: async (ctx, { contact_id, ...body }) => ({ payload: presentContact(await updateContact(ctx, contact_id, body)) }),
  }),
];
