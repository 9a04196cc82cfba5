"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { controlClass } from "@/components/ui/field";
import { calendarEventsAction } from "@/lib/portal/actions/calendar";
import { orThrow } from "@/lib/portal/outcome";
import { calendarKeys, useCalendar } from "./calendar-context";

/**
 * Which planning event an allocation belongs to: a search box narrows the account's events
 * (newest first, by part of the name) and the select picks one, or none. The current event
 * stays selectable even when the search does not list it.
 */
export const EventPicker = ({
  value,
  onChange,
  currentName,
  disabled,
  error,
  idPrefix,
}: {
  value: string;
  onChange: (id: string) => void;
  currentName?: string | null;
  disabled?: boolean;
  error?: string;
  idPrefix: string;
}) => {
  const { accountId } = useCalendar();
  const [search, setSearch] = useState("");
  const [q, setQ] = useState("");
  const hintId = useId();

  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);

  const { data: events = [], isFetching } = useQuery({
    queryKey: calendarKeys.events(accountId, q),
    queryFn: async () => orThrow(await calendarEventsAction(accountId, q)).events,
    staleTime: 30_000,
    enabled: !disabled,
  });
  const listed = events.some((event) => event.id === value);
  const selectId = `${idPrefix}-event`;

  return (
    <fieldset className="space-y-1.5" disabled={disabled}>
      <legend className="block text-sm font-medium text-slate-800">Event</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        <div>
          <label htmlFor={`${idPrefix}-event-search`} className="sr-only">
            Search events
          </label>
          <input
            id={`${idPrefix}-event-search`}
            type="search"
            value={search}
            placeholder="Search events…"
            maxLength={255}
            aria-describedby={hintId}
            onChange={(event) => setSearch(event.target.value)}
            className={controlClass(false, "h-9 py-1")}
          />
        </div>
        <div>
          <label htmlFor={selectId} className="sr-only">
            Event
          </label>
          <select
            id={selectId}
            name="event_id"
            value={value}
            onChange={(event) => onChange(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${selectId}-error` : undefined}
            className={controlClass(Boolean(error), "h-9 py-1 pr-8")}
          >
            <option value="">No event</option>
            {value !== "" && !listed ? <option value={value}>{currentName ?? "Current event"}</option> : null}
            {events.map((event) => (
              <option key={event.id} value={event.id}>
                {event.name} ({event.status})
              </option>
            ))}
          </select>
        </div>
      </div>
      <p id={hintId} className="text-xs text-slate-500" aria-live="polite">
        {isFetching ? "Searching…" : q ? `${events.length} event${events.length === 1 ? "" : "s"} match “${q}”` : "The newest events; search to find older ones."}
      </p>
      {error ? (
        <p id={`${selectId}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
};
