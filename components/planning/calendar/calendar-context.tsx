"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useLiveStale } from "@/components/portal/live-provider";
import { createContext, useCallback, useContext, type ReactNode } from "react";
import { createAllocationAction, deleteAllocationAction, updateAllocationAction } from "@/lib/portal/actions/calendar";
import type { CalendarAllocation, CalendarSpace, CalendarWindow } from "@/lib/portal/loaders/calendar";
import { attempt } from "@/lib/portal/outcome";
import { accountPath } from "@/lib/portal/paths";

export const calendarKeys = {
  all: (accountId: number) => ["planning-calendar", accountId] as const,
  window: (accountId: number, start: number, end: number) => ["planning-calendar", accountId, start, end] as const,
  allEvents: (accountId: number) => ["planning-events", accountId] as const,
  events: (accountId: number, q: string) => ["planning-events", accountId, q] as const,
};

/**
 * Changes made elsewhere (other planners, a customer accepting a quote, holds expiring) reach
 * the calendar through the live stream: the windows and the event picker are fetched again.
 */
export const useCalendarLive = (accountId: number) => {
  const queryClient = useQueryClient();
  useLiveStale((stale) => {
    for (const target of stale) {
      if (target.kind === "everything") void queryClient.invalidateQueries();
      else if (target.kind === "calendar") void queryClient.invalidateQueries({ queryKey: calendarKeys.all(accountId) });
      else if (target.kind === "planning-events") void queryClient.invalidateQueries({ queryKey: calendarKeys.allEvents(accountId) });
    }
  });
};

type CalendarValue = {
  accountId: number;
  /** Members with planning_manage; everyone else sees the plan read-only. */
  canWrite: boolean;
  /** The zone the grid follows. */
  zone: string;
  spaces: CalendarSpace[];
  spaceName: (id: string) => string;
  eventName: (id: string | null) => string | null;
  eventHref: (id: string) => string;
};

const CalendarContext = createContext<CalendarValue | null>(null);

export const CalendarProvider = ({ value, children }: { value: CalendarValue; children: ReactNode }) => (
  <CalendarContext.Provider value={value}>{children}</CalendarContext.Provider>
);

export const useCalendar = () => {
  const value = useContext(CalendarContext);
  if (!value) throw new Error("useCalendar outside CalendarProvider");
  return value;
};

export const eventPath = (accountId: number, eventId: string) => accountPath(accountId, "planning", "events", eventId);

/**
 * A write's answer: the allocation with the planner's warnings, or a refusal (a booking in the
 * way has code "conflict" and the server's message, written in the space's time zone).
 */
export type AllocationOutcome = Awaited<ReturnType<typeof createAllocationAction>>;

/**
 * What the calendar's forms send: values as typed (a number field that holds no number goes as
 * text), so the service's schema names what is wrong beside its field.
 */
type Typed = Record<string, unknown>;
type CreateInput = Parameters<typeof createAllocationAction>[1];
type UpdateInput = Parameters<typeof updateAllocationAction>[2];

/**
 * The calendar's writes. A success is written into every cached window at once (so a dropped
 * block stays where it landed), then everything is asked again from the server.
 */
export const useAllocationWritesFor = (accountId: number) => {
  const queryClient = useQueryClient();

  /** Writes a saved allocation into every cached window, then asks the server again. */
  const store = useCallback(
    (saved: CalendarAllocation | null) => {
      if (saved) {
        queryClient.setQueriesData<CalendarWindow>({ queryKey: calendarKeys.all(accountId) }, (old) =>
          old
            ? {
                ...old,
                allocations: old.allocations.some((row) => row.id === saved.id)
                  ? old.allocations.map((row) => (row.id === saved.id ? saved : row))
                  : [...old.allocations, saved],
              }
            : old,
        );
      }
      void queryClient.invalidateQueries({ queryKey: calendarKeys.all(accountId) });
    },
    [accountId, queryClient],
  );

  const create = useCallback(
    async (input: Typed): Promise<AllocationOutcome> => {
      const outcome = await attempt(() => createAllocationAction(accountId, input as CreateInput));
      store(outcome.ok ? outcome.allocation : null);
      return outcome;
    },
    [accountId, store],
  );

  const update = useCallback(
    async (id: string, input: Typed): Promise<AllocationOutcome> => {
      const outcome = await attempt(() => updateAllocationAction(accountId, id, input as UpdateInput));
      store(outcome.ok ? outcome.allocation : null);
      return outcome;
    },
    [accountId, store],
  );

  const remove = useCallback(
    async (id: string) => {
      const outcome = await attempt(() => deleteAllocationAction(accountId, id));
      if (outcome.ok) {
        queryClient.setQueriesData<CalendarWindow>({ queryKey: calendarKeys.all(accountId) }, (old) =>
          old ? { ...old, allocations: old.allocations.filter((row) => row.id !== id) } : old,
        );
      }
      void queryClient.invalidateQueries({ queryKey: calendarKeys.all(accountId) });
      return outcome;
    },
    [accountId, queryClient],
  );

  return { create, update, remove };
};

export const useAllocationWrites = () => useAllocationWritesFor(useCalendar().accountId);
