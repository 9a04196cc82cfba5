"use server";

import { z } from "zod";
import { createCompany, listCompanies } from "@/lib/companies/companies";
import { ZCreateCompany } from "@/lib/companies/schemas";
import { listContacts, searchContacts } from "@/lib/contacts/contacts";
import { ZUuid } from "@/lib/http/schemas";
import { createEvent, deleteEvent, updateEvent } from "@/lib/planning/events/events";
import { ZCreateEvent, ZUpdateEvent } from "@/lib/planning/events/schemas";
import { portalAction, portalFormAction } from "@/lib/portal/action";
import type { FieldKind } from "@/lib/portal/form-input";
import { contactName, eventsPath } from "@/lib/portal/loaders/events";
import { accountPath, withNotice } from "@/lib/portal/paths";

const fields = {
  name: "text",
  status: "optional",
  attendees_count: "nullable",
  currency: "optional",
  contact_id: "nullable",
  company_id: "nullable",
  description: "nullable",
  notes: "nullable",
} satisfies Record<string, FieldKind>;

/**
 * Form values as the event schema takes them: the attendee count as a number (the schema
 * wants JSON's integer; anything else still goes through so it is refused by name), the
 * currency as typed but in capitals.
 */
const eventInput = (input: Record<string, unknown>) => {
  const { attendees_count: attendees, currency } = input;
  return {
    ...input,
    attendees_count: typeof attendees === "string" && /^\d{1,9}$/.test(attendees.trim()) ? Number(attendees.trim()) : attendees,
    currency: typeof currency === "string" ? currency.trim().toUpperCase() : currency,
  };
};

/** Events show on the calendar too. */
const planningPath = (accountId: number) => accountPath(accountId, "planning");

export const createEventAction = portalFormAction({
  name: "create event",
  ids: [],
  // Only a new event names the conversation it was started from (hidden; absent when none).
  fields: { ...fields, conversation_id: "optional" },
  body: ZCreateEvent,
  shape: eventInput,
  run: (ctx, body) => createEvent(ctx, body),
  revalidate: planningPath,
  redirectTo: (accountId, event) => withNotice(eventsPath(accountId, event.id), "created"),
});

export const updateEventAction = portalFormAction({
  name: "update event",
  ids: [ZUuid],
  fields,
  body: ZUpdateEvent,
  shape: eventInput,
  run: (ctx, eventId, body) => updateEvent(ctx, eventId, body),
  revalidate: planningPath,
  success: "Event saved.",
});

export const deleteEventAction = portalFormAction({
  name: "delete event",
  ids: [ZUuid],
  run: (ctx, eventId) => deleteEvent(ctx, eventId),
  revalidate: planningPath,
  redirectTo: (accountId) => withNotice(eventsPath(accountId), "deleted"),
});

export type PickerOption = { id: number; label: string; detail: string | null };

/** What the pickers search by: part of a name (empty lists the most recent). */
const ZPickerSearch = z.string().trim().max(255);

/** Contacts for the event's contact picker: matches for a search, else the most recently active. */
export const searchEventContactsAction = portalAction({
  name: "search event contacts",
  read: true,
  args: [ZPickerSearch],
  run: async (ctx, q) => {
    const page = q ? await searchContacts(ctx, { q, page: 1 }) : await listContacts(ctx, { page: 1, include_contact_inboxes: false });
    const options: PickerOption[] = page.contacts.map((contact) => ({
      id: contact.id,
      label: contactName(contact),
      detail: contact.name ? (contact.email ?? contact.phoneNumber) : null,
    }));
    return { options };
  },
});

/** Companies for the event's company picker, by name. */
export const searchEventCompaniesAction = portalAction({
  name: "search event companies",
  read: true,
  args: [ZPickerSearch],
  run: async (ctx, q) => {
    const page = await listCompanies(ctx, { page: 1, q: q || undefined });
    const options: PickerOption[] = page.companies.map((company) => ({ id: company.id, label: company.name, detail: company.vatNumber ?? company.email }));
    return { options };
  },
});

/** A company made from the picker with just its name (planning_manage); its details can follow through the API. */
export const createEventCompanyAction = portalAction({
  name: "create event company",
  args: [ZCreateCompany.pick({ name: true })],
  run: async (ctx, input) => {
    const company = await createCompany(ctx, input);
    const option: PickerOption = { id: company.id, label: company.name, detail: null };
    return { option };
  },
});
