"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { portalContext } from "@/lib/auth/session";
import { createCompany, listCompanies } from "@/lib/companies/companies";
import { ZCompanyListQuery, ZCreateCompany } from "@/lib/companies/schemas";
import { listContacts, searchContacts } from "@/lib/contacts/contacts";
import { ZContactListQuery, ZContactSearchQuery } from "@/lib/contacts/schemas";
import { notFound } from "@/lib/http/errors";
import { isUuid } from "@/lib/http/schemas";
import { parseInput } from "@/lib/http/validation";
import { createEvent, deleteEvent, updateEvent } from "@/lib/planning/events/events";
import { ZCreateEvent, ZUpdateEvent } from "@/lib/planning/events/schemas";
import { failure, readForm, type FieldKind } from "@/lib/portal/form-input";
import type { FormState } from "@/lib/portal/form-state";
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
const formFields = Object.keys(fields);

/**
 * Form values as the event schema takes them: the attendee count as a number (the schema
 * wants JSON's integer; anything else still goes through so it is refused by name), the
 * currency as typed but in capitals.
 */
const readEventForm = (formData: FormData) => {
  const { input, values } = readForm(formData, fields);
  const attendees = input.attendees_count;
  if (typeof attendees === "string" && /^\d{1,9}$/.test(attendees.trim())) input.attendees_count = Number(attendees.trim());
  if (typeof input.currency === "string") input.currency = input.currency.trim().toUpperCase();
  return { input, values };
};

const eventsPath = (accountId: number, ...segments: string[]) => accountPath(accountId, "planning", "events", ...segments);

/** Events show on the calendar too. */
const revalidatePlanning = (accountId: number) => revalidatePath(accountPath(accountId, "planning"), "layout");

export const createEventAction = async (accountId: number, _state: FormState, formData: FormData): Promise<FormState> => {
  const { input, values } = readEventForm(formData);
  let eventId: string;
  try {
    eventId = (await createEvent(await portalContext(accountId), parseInput(ZCreateEvent, input))).id;
  } catch (error) {
    return failure(error, formFields, values);
  }
  revalidatePlanning(accountId);
  redirect(withNotice(eventsPath(accountId, eventId), "created"));
};

export const updateEventAction = async (accountId: number, eventId: string, _state: FormState, formData: FormData): Promise<FormState> => {
  const { input, values } = readEventForm(formData);
  try {
    // Bound arguments come back from the browser: an id that is no UUID is no event of ours.
    if (!isUuid(eventId)) throw notFound("Event");
    await updateEvent(await portalContext(accountId), eventId, parseInput(ZUpdateEvent, input));
  } catch (error) {
    return failure(error, formFields, values);
  }
  revalidatePlanning(accountId);
  return { status: "success", errors: {}, message: "Event saved." };
};

export const deleteEventAction = async (accountId: number, eventId: string): Promise<FormState> => {
  try {
    if (!isUuid(eventId)) throw notFound("Event");
    await deleteEvent(await portalContext(accountId), eventId);
  } catch (error) {
    return failure(error, []);
  }
  revalidatePlanning(accountId);
  redirect(withNotice(eventsPath(accountId), "deleted"));
};

export type PickerOption = { id: number; label: string; detail: string | null };

/** Contacts for the event's contact picker: matches for a search, else the most recently active. */
export const searchEventContactsAction = async (accountId: number, q: string): Promise<PickerOption[]> => {
  const ctx = await portalContext(accountId);
  const text = typeof q === "string" ? q.trim().slice(0, 255) : "";
  const page = text
    ? await searchContacts(ctx, parseInput(ZContactSearchQuery, { q: text, page: 1 }))
    : await listContacts(ctx, parseInput(ZContactListQuery, { page: 1, include_contact_inboxes: false }));
  return page.contacts.map((contact) => ({
    id: contact.id,
    label: contact.name || contact.email || contact.phoneNumber || `Contact #${contact.id}`,
    detail: contact.name ? (contact.email ?? contact.phoneNumber) : null,
  }));
};

/** Companies for the event's company picker, by name. */
export const searchEventCompaniesAction = async (accountId: number, q: string): Promise<PickerOption[]> => {
  const ctx = await portalContext(accountId);
  const text = typeof q === "string" ? q.trim().slice(0, 255) : "";
  const page = await listCompanies(ctx, parseInput(ZCompanyListQuery, { page: 1, q: text || undefined }));
  return page.companies.map((company) => ({ id: company.id, label: company.name, detail: company.vatNumber ?? company.email }));
};

/** A company made from the picker with just its name (planning_manage); its details can follow through the API. */
export const createEventCompanyAction = async (accountId: number, name: string): Promise<{ option: PickerOption } | { error: string }> => {
  try {
    const company = await createCompany(await portalContext(accountId), parseInput(ZCreateCompany, { name }));
    return { option: { id: company.id, label: company.name, detail: null } };
  } catch (error) {
    const state = failure(error, []);
    return { error: state.message ?? "The company could not be created." };
  }
};
