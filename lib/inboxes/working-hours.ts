import type { WorkingHour } from "@/db/schema";
import type { FieldError } from "@/lib/http/errors";
import { validationFailed } from "@/lib/http/validation";

const closedDay = (day: number): WorkingHour => ({
  day_of_week: day,
  closed_all_day: true,
  open_all_day: false,
  open_hour: null,
  open_minutes: null,
  close_hour: null,
  close_minutes: null,
});

/** Chatwoot's schedule for a new inbox: weekdays 09:00–17:00, weekends closed. */
export const defaultWorkingHours = (): WorkingHour[] =>
  [0, 1, 2, 3, 4, 5, 6].map((day) =>
    day === 0 || day === 6
      ? closedDay(day)
      : { day_of_week: day, closed_all_day: false, open_all_day: false, open_hour: 9, open_minutes: 0, close_hour: 17, close_minutes: 0 },
  );

/** Always seven rows, Sunday first: a day never stored gets its default. */
export const weeklySchedule = (stored: readonly WorkingHour[]): WorkingHour[] => {
  const byDay = new Map(stored.map((row) => [row.day_of_week, row]));
  return defaultWorkingHours().map((day) => byDay.get(day.day_of_week) ?? day);
};

export type WorkingHourPatch = { day_of_week: number } & Partial<Omit<WorkingHour, "day_of_week">>;

const minutesOf = (hour: number, minutes: number) => hour * 60 + minutes;

/**
 * Applies the days a request sends onto the stored schedule (the days it leaves out keep theirs),
 * as Chatwoot's `update_working_hours` does, then checks each changed day as its WorkingHour model
 * does. Failures name the field inside the request's array: `working_hours.2.close_hour`.
 */
export const applyWorkingHours = (stored: readonly WorkingHour[], patches: readonly WorkingHourPatch[]): WorkingHour[] => {
  const schedule = weeklySchedule(stored);
  const errors: FieldError[] = [];
  patches.forEach((patch, index) => {
    const field = (name: string) => `working_hours.${index}.${name}`;
    const current = schedule[patch.day_of_week]!;
    const given = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
    const row: WorkingHour = { ...current, ...given };
    if (row.open_all_day) Object.assign(row, { open_hour: 0, open_minutes: 0, close_hour: 23, close_minutes: 59 });
    if (row.open_all_day && row.closed_all_day) {
      errors.push({ field: field("open_all_day"), message: "can't be true together with closed_all_day", code: "invalid" });
    } else if (!row.closed_all_day) {
      const missing = (["open_hour", "open_minutes", "close_hour", "close_minutes"] as const).filter((key) => row[key] === null);
      for (const key of missing) errors.push({ field: field(key), message: "can't be blank unless closed_all_day", code: "required" });
      if (missing.length === 0 && minutesOf(row.open_hour!, row.open_minutes!) >= minutesOf(row.close_hour!, row.close_minutes!)) {
        errors.push({ field: field("close_hour"), message: "must be after the opening time", code: "invalid" });
      }
    }
    schedule[patch.day_of_week] = row;
  });
  if (errors.length > 0) throw validationFailed(errors);
  return schedule;
};
