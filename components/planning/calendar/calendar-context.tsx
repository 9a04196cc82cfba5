"use client";

import { useQueryClient } from "@tanstack/react-query";
import { createContext, useCallback, useContext, type ReactNode } from "react";
import {
  createAllocationAction,
  deleteAllocationAction,
  updateAllocationAction,
  type AllocationResult,
  type CalendarAllocation,
  type CalendarSpace,
  type CalendarWindow,
} from "@/lib/portal/actions/calendar";
import { accountPath } from "@/lib/portal/paths";

/** How often the calendar asks for changes made elsewhere (other planners, expiring holds). */
export const POLL_MS = 30_000;

export const calendarKeys = {
  all: (accountId: number) => ["planning-calendar", accountId] as const,
  window: (accountId: number, start: number, end: number) => ["planning-calendar", accountId, start, end] as const,
  events: (accountId: number, q: string) => ["planning-events", accountId, q] as const,
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
    async (input: Record<string, unknown>): Promise<AllocationResult> => {
      const result = await createAllocationAction(accountId, input);
      store(result.ok ? result.allocation : null);
      return result;
    },
    [accountId, store],
  );

  const update = useCallback(
    async (id: string, input: Record<string, unknown>): Promise<AllocationResult> => {
      const result = await updateAllocationAction(accountId, id, input);
      store(result.ok ? result.allocation : null);
      return result;
    },
    [accountId, store],
  );

  const remove = useCallback(
    async (id: string) => {
      const result = await deleteAllocationAction(accountId, id);
      if (result.ok) {
        queryClient.setQueriesData<CalendarWindow>({ queryKey: calendarKeys.all(accountId) }, (old) =>
          old ? { ...old, allocations: old.allocations.filter((row) => row.id !== id) } : old,
        );
      }
      void queryClient.invalidateQueries({ queryKey: calendarKeys.all(accountId) });
      return result;
    },
    [accountId, queryClient],
  );

  return { create, update, remove };
};

export const useAllocationWrites = () => useAllocationWritesFor(useCalendar().accountId);
