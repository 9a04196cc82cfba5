/**
 * Days in a conversation: which local day each message was sent on, and what the separator
 * between days says ("Today", "Yesterday", "Sun 22 Nov 2026"). Pure: the caller passes the
 * viewer's today, so the labels follow the viewer's time zone and the tests any date.
 */

const weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

const pad = (value: number) => String(value).padStart(2, "0");

/** The local calendar day of a moment, as `YYYY-MM-DD` (also what `<time dateTime>` takes for a date). */
export const localDayKey = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

const dateOfKey = (key: string) => {
  const [year, month, day] = key.split("-").map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
};

/** The day before, by the calendar (not 24 hours back: a day with a clock change is 23 or 25 hours long). */
export const previousDayKey = (key: string) => {
  const date = dateOfKey(key);
  date.setDate(date.getDate() - 1);
  return localDayKey(date);
};

/** "Today", "Yesterday", or the date written out: "Sun 22 Nov 2026". */
export const dayLabel = (key: string, todayKey: string) => {
  if (key === todayKey) return "Today";
  if (key === previousDayKey(todayKey)) return "Yesterday";
  const date = dateOfKey(key);
  return `${weekdays[date.getDay()]} ${date.getDate()} ${months[date.getMonth()]} ${date.getFullYear()}`;
};

export type DayItem<T> = { kind: "day"; key: string; label: string } | { kind: "message"; message: T };

/**
 * The messages (oldest first) with a day separator before the first message of each day.
 * Without a today (while the page renders on the server, which does not know the viewer's
 * zone) there are no separators.
 */
export const withDaySeparators = <T extends { created_at: number }>(messages: T[], todayKey: string | null): DayItem<T>[] => {
  if (todayKey === null) return messages.map((message) => ({ kind: "message", message }));
  const items: DayItem<T>[] = [];
  let current: string | null = null;
  for (const message of messages) {
    const key = localDayKey(new Date(message.created_at * 1000));
    if (key !== current) {
      items.push({ kind: "day", key, label: dayLabel(key, todayKey) });
      current = key;
    }
    items.push({ kind: "message", message });
  }
  return items;
};
