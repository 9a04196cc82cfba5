import type { Metadata } from "next";
import Link from "next/link";
import { AllocationList } from "@/components/planning/events/allocation-list";
import { LiveRefresh } from "@/components/planning/events/live-refresh";
import { calendarDayPath, eventPageData, eventsPath, loadEvent, maxListedAllocations } from "@/lib/portal/loaders/events";
import { eventStatusLabels } from "@/lib/format/labels";
import { formatWindow, zoneLabel } from "@/lib/format/dates";
import { EventForm } from "@/components/planning/events/event-form";
import { EventStatusBadge } from "@/components/planning/events/event-status";
import { canPlan } from "@/lib/portal/loaders/spaces";
import { DetailList } from "@/components/planning/spaces/space-details";
import { QuoteEditor } from "@/components/quotes/editor/quote-editor";
import { Notice } from "@/components/settings/notice";
import { Card } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { PageHeader } from "@/components/ui/page-header";
import { firstParam, pageContext, type SearchParams } from "@/lib/portal/context";
import { accountPath, readNotice } from "@/lib/portal/paths";
import {
  createEventCompanyAction,
  deleteEventAction,
  searchEventCompaniesAction,
  searchEventContactsAction,
  updateEventAction,
} from "@/lib/portal/actions/events";

export const metadata: Metadata = { title: "Event · Venuedesk" };

const currencies = Intl.supportedValuesOf("currency");
const notSet = <span className="text-slate-400">Not set</span>;
/** On a phone the cards give their width to the quote's lines rather than to padding. */
const phoneCard = "max-sm:p-4";

export default async function EventPage({
  params,
  searchParams,
}: {
  params: Promise<{ account_id: string; event_id: string }>;
  searchParams: SearchParams;
}) {
  const { account_id, event_id } = await params;
  const ctx = await pageContext(account_id);
  const event = await loadEvent(account_id, event_id);
  const { allocations, spaces, people, quotes } = await eventPageData(ctx, event);
  const query = await searchParams;
  const requestedQuote = Number(firstParam(query.quote));
  const planner = canPlan(ctx);
  const id = ctx.account.id;
  const contact = event.contactId ? { id: event.contactId, label: people.contacts.get(event.contactId) ?? `Contact #${event.contactId}`, detail: null } : null;
  const company = event.companyId ? { id: event.companyId, label: people.companies.get(event.companyId) ?? `Company #${event.companyId}`, detail: null } : null;
  const zone = allocations[0] ? spaces.get(allocations[0].spaceId)?.timezone : undefined;
  const calendar = accountPath(id, "planning");

  return (
    <>
      <PageHeader
        title={event.name}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <EventStatusBadge status={event.status} />
            {event.startAt && event.endAt && zone ? (
              <span>
                {formatWindow(event.startAt, event.endAt, zone)} ({zoneLabel(zone)})
              </span>
            ) : (
              <span>No spaces booked yet</span>
            )}
            {event.conversationDisplayId ? (
              <Link href={accountPath(id, "conversations", event.conversationDisplayId)} className="rounded font-medium text-indigo-700 hover:underline">
                Started from conversation #{event.conversationDisplayId}
              </Link>
            ) : null}
          </span>
        }
        back={{ href: eventsPath(id), label: "Events" }}
      />
      <Notice notice={readNotice(query.notice)} noun="Event" />
      <LiveRefresh eventId={event.id} />

      <div className="space-y-6">
        <Card title="Details" description={planner ? undefined : "Only planners can change an event."} className={phoneCard}>
          {planner ? (
            <EventForm
              // Accepting a quote makes the event definite behind the form's back: it then starts again from the saved values.
              key={quotes.quotes.map((quote) => quote.accepted_at ?? "").join()}
              action={updateEventAction.bind(null, id, event.id)}
              event={{
                name: event.name,
                status: event.status,
                attendees_count: event.attendeesCount,
                currency: event.currency,
                contact,
                company,
                description: event.description,
                notes: event.notes,
              }}
              defaultCurrency={event.currency}
              currencies={currencies}
              pickers={{
                searchContacts: searchEventContactsAction.bind(null, id),
                searchCompanies: searchEventCompaniesAction.bind(null, id),
                createCompany: createEventCompanyAction.bind(null, id),
              }}
              submitLabel="Save changes"
            />
          ) : (
            <DetailList
              rows={[
                ["Status", eventStatusLabels[event.status]],
                ["Attendees", event.attendeesCount ?? notSet],
                ["Currency", event.currency],
                [
                  "Contact",
                  contact ? (
                    <Link href={accountPath(id, "contacts", contact.id)} className="rounded text-indigo-700 hover:underline">
                      {contact.label}
                    </Link>
                  ) : (
                    notSet
                  ),
                ],
                ["Company", company?.label ?? notSet],
                ["Description", event.description ?? notSet],
                ["Notes", event.notes ? <span className="whitespace-pre-line">{event.notes}</span> : notSet],
              ]}
            />
          )}
        </Card>

        <Card
          className={phoneCard}
          title="Allocations"
          description={
            allocations.length > 0
              ? `The spaces booked or held for this event, in each space's time zone.${event.allocationIds.length > maxListedAllocations ? ` The first ${maxListedAllocations} are shown.` : ""}`
              : undefined
          }
        >
          {allocations.length > 0 ? (
            <>
              <AllocationList allocations={allocations} spaces={spaces} calendarHref={(date) => calendarDayPath(id, date)} />
              <p className="mt-4 text-sm">
                <Link href={calendarDayPath(id, { allocations, spaces })} className="rounded font-medium text-indigo-700 hover:underline">
                  Open the calendar on the event&apos;s first day
                </Link>
              </p>
            </>
          ) : (
            <p className="text-sm text-slate-500">
              No spaces are booked or held for this event yet.{" "}
              <Link href={calendar} className="rounded font-medium text-indigo-700 hover:underline">
                Open the calendar
              </Link>{" "}
              to find a free slot.
            </p>
          )}
        </Card>

        <div id="quotes" className="scroll-mt-6">
          <Card title="Quotes" description="Priced from the bookings and holds above with the account's rates; every version is kept." className={phoneCard}>
            <QuoteEditor
              accountId={id}
              eventId={event.id}
              data={quotes}
              initialQuoteId={Number.isSafeInteger(requestedQuote) && requestedQuote > 0 ? requestedQuote : null}
            />
          </Card>
        </div>

        {planner ? (
          <Card title="Delete event" className={phoneCard}>
            {/* On a phone the button (and its dialog's) are finger-sized. */}
            <div className="flex flex-wrap items-center justify-between gap-4 max-sm:[&_button]:h-10">
              <p className="max-w-xl text-sm text-slate-600">Its bookings and holds are deleted with it, which frees their spaces at once.</p>
              <ConfirmButton
                action={deleteEventAction.bind(null, id, event.id)}
                label="Delete event"
                triggerVariant="danger"
                triggerSize="md"
                title={`Delete “${event.name}”?`}
                description={
                  allocations.length > 0
                    ? `Its allocations (${allocations.length}) are deleted with it and their spaces freed. This cannot be undone.`
                    : "This cannot be undone."
                }
                confirmLabel="Delete event"
                pendingLabel="Deleting…"
              />
            </div>
          </Card>
        ) : null}
      </div>
    </>
  );
}
