import type { AccountCtx } from "@/lib/auth/caller";
import { findCompany, listCompanies } from "@/lib/companies/companies";
import { findContact } from "@/lib/contacts/contacts";
import { findConversation } from "@/lib/conversations/conversations";
import type { Contact } from "@/lib/contacts/present";
import { localDate } from "@/lib/format/dates";
import { ApiError } from "@/lib/http/errors";
import { ZId, ZUuid } from "@/lib/http/schemas";
import { findAllocations } from "@/lib/planning/allocations/allocations";
import type { AllocationRow } from "@/lib/planning/allocations/present";
import { findEvent, listEvents } from "@/lib/planning/events/events";
import type { EventView } from "@/lib/planning/events/present";
import { ZEventListQuery, isCurrency, type EventListQuery } from "@/lib/planning/events/schemas";
import { countsAt } from "@/lib/planning/rules";
import { listSpaces } from "@/lib/planning/spaces/spaces";
import type { PickerOption } from "@/lib/portal/actions/events";
import { firstParam } from "@/lib/portal/context";
import { portalLoader } from "@/lib/portal/loader";
import { quoteEditorData } from "@/lib/portal/loaders/quote-editor";
import { venueTimeZoneOf } from "@/lib/quotes/pricing-inputs";
import { accountPath } from "@/lib/portal/paths";

/** Server-side lookups for the events pages. */

export const eventsPath = (accountId: number, ...segments: string[]) => accountPath(accountId, "planning", "events", ...segments);

/**
 * The calendar on a day (it reads `date`): a local date as given, or an event's first day, the
 * local date its earliest allocation starts on in that allocation's space's zone (of those that
 * still count, when any do). An event with no allocations opens the calendar on today.
 */
export const calendarDayPath = (
  accountId: number,
  day: string | { allocations: Pick<AllocationRow, "startAt" | "spaceId" | "status" | "expiresAt">[]; spaces: Map<string, Pick<SpaceInfo, "timezone">> },
) => {
  const calendar = accountPath(accountId, "planning");
  if (typeof day === "string") return `${calendar}?date=${day}`;
  type Row = (typeof day.allocations)[number];
  const earliest = (rows: Row[]) => rows.reduce<Row | null>((found, row) => (!found || row.startAt < found.startAt ? row : found), null);
  const now = new Date();
  const first = earliest(day.allocations.filter((row) => countsAt(row, now))) ?? earliest(day.allocations);
  const zone = first ? day.spaces.get(first.spaceId)?.timezone : undefined;
  return first && zone ? `${calendar}?date=${localDate(first.startAt, zone)}&view=day` : calendar;
};

export const contactName = (contact: Pick<Contact, "id" | "name" | "email" | "phoneNumber">) =>
  contact.name || contact.email || contact.phoneNumber || `Contact #${contact.id}`;

/** The event, or the 404 page (also for an id that is no UUID): its layout checks it before the loading skeleton streams. */
export const loadEvent = portalLoader({ ids: [ZUuid], load: (ctx, id) => findEvent(ctx, id) });

/** A new event's currency, as the service would choose it: the account's when it names a real one, else EUR. */
export const defaultEventCurrency = (ctx: AccountCtx) => {
  const setting = ctx.account.settings.currency;
  const code = typeof setting === "string" ? setting.trim().toUpperCase() : "";
  return isCurrency(code) ? code : "EUR";
};

/** The list's URL query read with the service's own schema; values it refuses fall back to the defaults. */
export const readEventQuery = (params: Record<string, string | string[] | undefined>): EventListQuery => {
  const { shape } = ZEventListQuery;
  const page = shape.page.safeParse(firstParam(params.page));
  const status = shape.status.safeParse(firstParam(params.status) || undefined);
  const q = shape.q.safeParse(firstParam(params.q) || undefined);
  return { page: page.success ? page.data : 1, status: status.success ? status.data : undefined, q: (q.success && q.data) || undefined };
};

export const loadEventPage = (ctx: AccountCtx, params: Record<string, string | string[] | undefined>) => {
  const query = readEventQuery(params);
  return listEvents(ctx, query).then((page) => ({ ...page, query }));
};

/** Lookups that may race a deletion: a record gone since the event named it shows as missing. */
const orNull = <T>(lookup: Promise<T>) => lookup.catch(() => null);

/** Names of the contacts and companies the events refer to, each looked up once. */
export const eventPeople = async (ctx: AccountCtx, events: EventView[]) => {
  const contactIds = [...new Set(events.flatMap((event) => (event.contactId ? [event.contactId] : [])))];
  const companyIds = [...new Set(events.flatMap((event) => (event.companyId ? [event.companyId] : [])))];
  const [contacts, companies] = await Promise.all([
    Promise.all(contactIds.map((id) => orNull(findContact(ctx, id)))),
    Promise.all(companyIds.map((id) => orNull(findCompany(ctx, id)))),
  ]);
  return {
    contacts: new Map(contacts.flatMap((contact) => (contact ? [[contact.id, contactName(contact)] as const] : []))),
    companies: new Map(companies.flatMap((company) => (company ? [[company.id, company.name] as const] : []))),
  };
};

export type SpaceInfo = { name: string; timezone: string };

export const spaceInfo = async (ctx: AccountCtx): Promise<Map<string, SpaceInfo>> =>
  new Map((await listSpaces(ctx)).map((space) => [space.id, { name: space.name, timezone: space.timezone }]));

/**
 * The zone each event's dates are shown in: its first allocation's space's. Events without
 * allocations have no dates.
 */
export const eventZones = async (ctx: AccountCtx, events: EventView[], spaces: Map<string, SpaceInfo>) => {
  const firsts = new Map((await findAllocations(ctx, events.flatMap((event) => event.allocationIds.slice(0, 1)))).map((row) => [row.id, row]));
  return new Map(
    events.flatMap((event) => {
      const zone = spaces.get(firsts.get(event.allocationIds[0] ?? "")?.spaceId ?? "")?.timezone;
      return zone ? [[event.id, zone] as const] : [];
    }),
  );
};

/** An event has a handful of allocations; the page lists at most this many. */
export const maxListedAllocations = 200;

export const eventAllocations = (ctx: AccountCtx, event: EventView): Promise<AllocationRow[]> =>
  findAllocations(ctx, event.allocationIds.slice(0, maxListedAllocations));

/** A lookup whose record may be gone or hidden from the caller: null then, anything else still fails the page. */
const unlessNotFound = <T>(lookup: Promise<T>) =>
  lookup.catch((error: unknown) => {
    if (error instanceof ApiError && error.code === "not_found") return null;
    throw error;
  });

/**
 * The company a contact works for, as the contacts API records it (`company_name`, free text):
 * the account's company of that name, any case, when there is exactly one.
 */
const contactCompany = async (ctx: AccountCtx, contact: Contact): Promise<PickerOption | null> => {
  const name = contact.additionalAttributes.company_name;
  if (typeof name !== "string" || !name.trim()) return null;
  const wanted = name.trim().toLowerCase();
  const matches = (await listCompanies(ctx, { page: 1, q: name.trim().slice(0, 255) })).companies.filter((company) => company.name.trim().toLowerCase() === wanted);
  return matches.length === 1 ? { id: matches[0]!.id, label: matches[0]!.name, detail: null } : null;
};

export type NewEventPrefill = {
  /** The conversation (display id) the event is started from, which it will name. */
  conversationId: number | null;
  contact: PickerOption | null;
  company: PickerOption | null;
};

/**
 * A new event started from somewhere (`?conversation=12` from a conversation's side panel,
 * `?contact=7` from a contact's page): the conversation as the caller may see it, its contact
 * and that contact's company. An id that does not parse or names nothing the caller may see
 * starts a blank event rather than failing the page.
 */
export const newEventPrefill = async (ctx: AccountCtx, params: Record<string, string | string[] | undefined>): Promise<NewEventPrefill> => {
  const blank: NewEventPrefill = { conversationId: null, contact: null, company: null };
  const conversationParam = ZId.safeParse(firstParam(params.conversation));
  const contactParam = ZId.safeParse(firstParam(params.contact));
  const conversation = conversationParam.success ? await unlessNotFound(findConversation(ctx, conversationParam.data)) : null;
  const contactId = conversation?.contactId ?? (contactParam.success ? contactParam.data : null);
  const contact = contactId ? await unlessNotFound(findContact(ctx, contactId)) : null;
  if (!contact) return { ...blank, conversationId: conversation?.displayId ?? null };
  return {
    conversationId: conversation?.displayId ?? null,
    contact: { id: contact.id, label: contactName(contact), detail: contact.name ? (contact.email ?? contact.phoneNumber) : null },
    company: await contactCompany(ctx, contact),
  };
};

/** Everything the event's page shows beside the event: its allocations, the spaces' names and zones, its people and quotes. */
export const eventPageData = async (ctx: AccountCtx, event: EventView) => {
  const allocationsLoaded = eventAllocations(ctx, event);
  const spacesLoaded = spaceInfo(ctx);
  // The quotes' venue zone comes from the allocations the page shows anyway: no second query.
  const venueZone = Promise.all([allocationsLoaded, spacesLoaded]).then(([rows, zones]) => venueTimeZoneOf(rows, zones));
  const [allocations, spaces, people, quotes] = await Promise.all([
    allocationsLoaded,
    spacesLoaded,
    eventPeople(ctx, [event]),
    quoteEditorData(ctx, event.id, venueZone),
  ]);
  return { allocations, spaces, people, quotes };
};

/** The events list: a page of events with their people and the zone of their dates. */
export const eventListData = async (ctx: AccountCtx, params: Record<string, string | string[] | undefined>) => {
  const [list, spaces] = await Promise.all([loadEventPage(ctx, params), spaceInfo(ctx)]);
  const [people, zones] = await Promise.all([eventPeople(ctx, list.events), eventZones(ctx, list.events, spaces)]);
  return { list, people, zones };
};
