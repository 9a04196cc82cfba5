import type { Metadata } from "next";
import Form from "next/form";
import Link from "next/link";
import { Pagination } from "@/components/contacts/pagination";
import { eventListData, eventsPath } from "@/lib/portal/loaders/events";
import { eventStatusLabels } from "@/lib/format/labels";
import { formatWindow, zoneLabel } from "@/lib/format/dates";
import { EventStatusBadge } from "@/components/planning/events/event-status";
import { canPlan } from "@/lib/portal/loaders/spaces";
import { Notice } from "@/components/settings/notice";
import { Button, ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { CalendarIcon, PlusIcon, SearchIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { Select } from "@/components/ui/select";
import { TBody, TD, TH, THead, TR, Table } from "@/components/ui/table";
import type { EventListQuery } from "@/lib/planning/events/schemas";
import { eventsPerPage } from "@/lib/planning/events/schemas";
import { pageContext, type SearchParams } from "@/lib/portal/context";
import { readNotice } from "@/lib/portal/paths";

export const metadata: Metadata = { title: "Events · Venuedesk" };

const none = <span className="text-slate-400">—</span>;

/** The list's URL for a filter and page; defaults are left out so links stay short. */
const listHref = (base: string, { status, q, page }: EventListQuery) => {
  const params = new URLSearchParams();
  if (status) params.set("status", status);
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${base}?${query}` : base;
};

export default async function EventsPage({ params, searchParams }: { params: Promise<{ account_id: string }>; searchParams: SearchParams }) {
  const ctx = await pageContext((await params).account_id);
  const search = await searchParams;
  const { list, people, zones } = await eventListData(ctx, search);
  const planner = canPlan(ctx);
  const base = eventsPath(ctx.account.id);
  const filtered = Boolean(list.query.status || list.query.q);
  const lastPage = Math.max(1, Math.ceil(list.count / eventsPerPage));
  const firstShown = (list.page - 1) * eventsPerPage + 1;
  const newLink = (
    <ButtonLink href={eventsPath(ctx.account.id, "new")}>
      <PlusIcon className="size-4" />
      New event
    </ButtonLink>
  );
  const statusOptions = [{ value: "", label: "All statuses" }, ...Object.entries(eventStatusLabels).map(([value, label]) => ({ value, label }))];

  return (
    <>
      <PageHeader
        title="Events"
        description="Weddings, conferences and parties, from first enquiry to the day itself."
        actions={planner ? newLink : undefined}
      />
      <Notice notice={readNotice(search.notice)} noun="Event" />

      {list.count === 0 && !filtered ? (
        <EmptyState
          icon={<CalendarIcon className="size-6" />}
          title="No events yet"
          description={
            planner
              ? "Create an event for each enquiry, then book spaces for it on the calendar."
              : "When a planner records an event, it appears here with its dates and status."
          }
          action={planner ? newLink : undefined}
        />
      ) : (
        <div className="space-y-4">
          <Form role="search" action={base} className="flex flex-wrap items-end gap-2">
            <Select
              label="Status"
              hideLabel
              name="status"
              options={statusOptions}
              defaultValue={list.query.status ?? ""}
              className="w-40"
            />
            <Input
              label="Search events"
              hideLabel
              name="q"
              type="search"
              placeholder="Search by event name"
              defaultValue={list.query.q ?? ""}
              maxLength={255}
              className="min-w-48 flex-1 sm:max-w-xs"
            />
            <Button type="submit" variant="secondary">
              <SearchIcon className="size-4" />
              Filter
            </Button>
          </Form>

          {list.events.length === 0 ? (
            <EmptyState
              title={filtered ? "No events match" : "No events on this page"}
              description={filtered ? "Try another status or part of the event's name." : "The list is shorter than this page number."}
              action={
                <ButtonLink variant="secondary" href={base}>
                  {filtered ? "Clear filters" : "First page"}
                </ButtonLink>
              }
            />
          ) : (
            <>
              <p className="text-sm text-slate-500" aria-live="polite">
                {`${list.count} event${list.count === 1 ? "" : "s"}`}
                {list.query.status ? ` · ${eventStatusLabels[list.query.status].toLowerCase()}` : ""}
                {list.query.q ? ` · matching “${list.query.q}”` : ""}
                {` · showing ${firstShown}–${firstShown + list.events.length - 1}`}
                {filtered ? (
                  <>
                    {" · "}
                    <Link href={base} className="rounded text-indigo-700 hover:underline">
                      Clear filters
                    </Link>
                  </>
                ) : null}
              </p>
              <Table label="Events">
                <THead>
                  <TR>
                    <TH>Event</TH>
                    <TH className="w-28">Status</TH>
                    <TH className="w-64">Dates</TH>
                    <TH className="hidden w-24 text-right md:table-cell">Guests</TH>
                    <TH className="hidden w-52 lg:table-cell">Contact</TH>
                  </TR>
                </THead>
                <TBody>
                  {list.events.map((event) => {
                    const zone = zones.get(event.id);
                    const contact = event.contactId ? people.contacts.get(event.contactId) : undefined;
                    const company = event.companyId ? people.companies.get(event.companyId) : undefined;
                    const who = [contact, company].filter(Boolean).join(" · ");
                    return (
                      <TR key={event.id} className="hover:bg-slate-50/60">
                        <TD>
                          <Link
                            href={eventsPath(ctx.account.id, event.id)}
                            className="rounded font-medium text-slate-900 hover:text-indigo-700 hover:underline"
                          >
                            {event.name}
                          </Link>
                          {/* Narrower screens drop the attendees and contact columns; they move under the name. */}
                          {who || event.attendeesCount !== null ? (
                            <span className="block text-xs text-slate-500 lg:hidden">
                              {event.attendeesCount !== null ? (
                                <span className="md:hidden">
                                  {event.attendeesCount} people{who ? " · " : ""}
                                </span>
                              ) : null}
                              {who}
                            </span>
                          ) : null}
                        </TD>
                        <TD>
                          <EventStatusBadge status={event.status} />
                        </TD>
                        <TD>
                          {event.startAt && event.endAt && zone ? (
                            <>
                              <span className="block text-slate-800">{formatWindow(event.startAt, event.endAt, zone)}</span>
                              <span className="block text-xs text-slate-500">{zoneLabel(zone)}</span>
                            </>
                          ) : (
                            <span className="text-slate-400">No bookings</span>
                          )}
                        </TD>
                        <TD className="hidden text-right tabular-nums md:table-cell">{event.attendeesCount ?? none}</TD>
                        <TD className="hidden lg:table-cell">
                          {contact ? <span className="block text-slate-800">{contact}</span> : null}
                          {company ? <span className={contact ? "block text-xs text-slate-500" : "block text-slate-800"}>{company}</span> : null}
                          {!contact && !company ? none : null}
                        </TD>
                      </TR>
                    );
                  })}
                </TBody>
              </Table>
              <Pagination
                page={list.page}
                last={lastPage}
                hasMore={list.page < lastPage}
                href={(page) => listHref(base, { ...list.query, page })}
              />
            </>
          )}
        </div>
      )}
    </>
  );
}
