const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

/** "3 hours ago", "yesterday", "just now". */
export const timeAgo = (date: Date, now = Date.now()) => {
  const seconds = Math.round((date.getTime() - now) / 1000);
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return "just now";
};

/**
 * A moment shown as how long ago it was, with the full date and time (in the account's time
 * zone) on hover and for assistive technology; "Never" when there is none.
 */
export const ActivityTime = ({ date, timeZone }: { date: Date | null; timeZone: string }) => {
  if (!date) return <span className="text-slate-400">Never</span>;
  const full = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone }).format(date);
  return (
    <time dateTime={date.toISOString()} title={full}>
      {timeAgo(date)}
    </time>
  );
};
