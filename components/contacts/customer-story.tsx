import Link from "next/link";
import type { ReactNode } from "react";
import { EventStatusBadge } from "@/components/planning/events/event-status";
import { statusLabels as quoteStatusLabels, statusTones as quoteStatusTones } from "@/components/quotes/editor/format";
import { Badge } from "@/components/ui/badge";
import { formatWindow, zoneLabel } from "@/lib/format/dates";
import { formatMoney } from "@/lib/format/money";
import type { CustomerStory, StoryEvent } from "@/lib/planning/customer-story";
import { accountPath } from "@/lib/portal/paths";

/*
 * A customer's story (contactStory) as lists, for the contact page's cards and the conversation's
 * side panel alike: no hooks, so a server page and a client panel render the same markup. Times
 * are in each space's own zone, named beside them.
 */

type Where = { accountId: number };

const eventHref = (accountId: number, eventId: string) => accountPath(accountId, "planning", "events", eventId);

const linkClass = "rounded font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600";

const When = ({ start, end, zone }: { start: string; end: string; zone: string }) => (
  <span>
    {formatWindow(new Date(start), new Date(end), zone)} <span className="text-slate-400">({zoneLabel(zone)})</span>
  </span>
);

const Empty = ({ children }: { children: ReactNode }) => <p className="text-sm text-slate-500">{children}</p>;

const spacesOf = (event: StoryEvent) => [...new Set(event.allocations.map((allocation) => allocation.space))];

/**
 * Her events, newest first: name (to the event's page), status, first start to last end in the
 * zone of the first space, and the spaces. `conversationId` marks the ones started in that
 * conversation; without it, each names the conversation it came from.
 */
export const StoryEvents = ({ accountId, story, conversationId }: Where & { story: CustomerStory; conversationId?: number }) => {
  if (story.events.length === 0) return <Empty>No events yet.</Empty>;
  return (
    <>
      <ul aria-label="Events" className="-my-2 divide-y divide-slate-100">
        {story.events.map((event) => {
          const spaces = spacesOf(event);
          return (
            <li key={event.id} className="min-w-0 py-2.5 text-sm">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <Link href={eventHref(accountId, event.id)} className={`${linkClass} min-w-0 break-words`}>
                  {event.name}
                </Link>
                <EventStatusBadge status={event.status} />
                {conversationId !== undefined && event.conversation_id === conversationId ? <Badge tone="accent">Started here</Badge> : null}
              </div>
              <p className="mt-0.5 text-slate-600">
                {event.start_at && event.end_at && event.timezone ? (
                  <When start={event.start_at} end={event.end_at} zone={event.timezone} />
                ) : (
                  <span className="text-slate-400">No dates yet</span>
                )}
              </p>
              {spaces.length > 0 ? <p className="mt-0.5 break-words text-slate-500">{spaces.join(", ")}</p> : null}
              {conversationId === undefined && event.conversation_id !== null ? (
                <p className="mt-0.5 text-slate-500">
                  Started from{" "}
                  <Link href={accountPath(accountId, "conversations", event.conversation_id)} className={linkClass}>
                    conversation #{event.conversation_id}
                  </Link>
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      {story.total_events > story.events.length ? (
        <p className="mt-3 text-xs text-slate-500">
          The newest {story.events.length} of {story.total_events} events.
        </p>
      ) : null}
    </>
  );
};

/** Every quote version of those events, newest version first per event: status as it reads today and the total with tax. */
export const StoryQuotes = ({ accountId, story }: Where & { story: CustomerStory }) => {
  const quotes = story.events.flatMap((event) => event.quotes.map((quote) => ({ ...quote, event })));
  if (quotes.length === 0) return <Empty>No quotes yet.</Empty>;
  return (
    <ul aria-label="Quotes" className="-my-2 divide-y divide-slate-100">
      {quotes.map((quote) => (
        <li key={quote.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2.5 text-sm">
          <span className="min-w-0">
            <Link href={`${eventHref(accountId, quote.event.id)}?quote=${quote.id}#quotes`} className={`${linkClass} break-words`}>
              {quote.event.name} · v{quote.version}
            </Link>{" "}
            <Badge tone={quoteStatusTones[quote.status]}>{quoteStatusLabels[quote.status]}</Badge>
          </span>
          <span className="font-medium whitespace-nowrap text-slate-900 tabular-nums">{formatMoney(quote.total_incl_tax, quote.currency)}</span>
        </li>
      ))}
    </ul>
  );
};

/** The bookings she holds: confirmed allocations, by event. */
export const StoryBookings = ({ accountId, story }: Where & { story: CustomerStory }) => {
  if (story.bookings.length === 0) return <Empty>No confirmed bookings yet.</Empty>;
  return (
    <ul aria-label="Bookings" className="-my-2 divide-y divide-slate-100">
      {story.bookings.map((booking) => (
        <li key={booking.id} className="py-2.5 text-sm">
          <span className="font-medium text-slate-900">{booking.space}</span>
          {" · "}
          <Link href={eventHref(accountId, booking.event_id)} className={`${linkClass} break-words`}>
            {booking.event_name}
          </Link>
          <p className="mt-0.5 text-slate-600">
            <When start={booking.start_at} end={booking.end_at} zone={booking.timezone} />
          </p>
        </li>
      ))}
    </ul>
  );
};
