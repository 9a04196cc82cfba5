/** One day of an inbox's working hours, as stored (Chatwoot's shape; Sunday is day 0). */
export type WorkingDay = {
  day_of_week: number;
  closed_all_day: boolean;
  open_all_day: boolean;
  open_hour: number | null;
  open_minutes: number | null;
  close_hour: number | null;
  close_minutes: number | null;
};

const weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** The weekday and minute of the day that `now` is in the zone. */
const localTime = (now: Date, timeZone: string) => {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, weekday: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return { day: weekdays.indexOf(part("weekday")), minute: Number(part("hour")) * 60 + Number(part("minute")) };
};

/**
 * Whether `now` falls inside the schedule, read in the inbox's time zone. A day missing from the
 * schedule, or a zone the runtime does not know, counts as open: the chat should rather promise
 * too little absence than turn visitors away.
 */
export const withinWorkingHours = (schedule: readonly WorkingDay[], timeZone: string, now: Date) => {
  let local: { day: number; minute: number };
  try {
    local = localTime(now, timeZone);
  } catch {
    return true;
  }
  const day = schedule.find((row) => row.day_of_week === local.day);
  if (!day || day.open_all_day) return true;
  if (day.closed_all_day) return false;
  if (day.open_hour === null || day.close_hour === null) return true;
  const open = day.open_hour * 60 + (day.open_minutes ?? 0);
  const close = day.close_hour * 60 + (day.close_minutes ?? 0);
  return local.minute >= open && local.minute < close;
};
