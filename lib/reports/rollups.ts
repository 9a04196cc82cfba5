import { sql, type SQL } from "drizzle-orm";
import { conversations, messages, reportGroupRollups, reportingEvents, reportRollups } from "@/db/schema";
import { at } from "./sql";
import type { ReportWindow, ReportZone } from "./window";

/**
 * Reports over long windows read hourly rollups (`report_rollups` by account, inbox and user,
 * migration 0016; `report_group_rollups` by the conversation's team and labels, 0017; both kept by
 * triggers) for the whole UTC hours inside the window and the raw rows only for the partial hours at
 * its edges. A rollup key is `conversations`, `incoming`, `outgoing` or a reporting event's name.
 */
export type RollupKey = string;

/**
 * Which rows of a key are read: of some inboxes, of one user (an event's user, an outgoing
 * message's User sender), of one team or label (the conversation's, as it is now); `by` when the
 * rows are grouped by one of those.
 */
export type RollupFilter = {
  inboxes?: readonly number[];
  user?: number;
  team?: number;
  label?: string;
  by?: "inbox_id" | "user_id" | "team" | "label";
};

/** The team or label dimension the filter reads (report_group_rollups), if any. */
const groupOf = (filter: RollupFilter) =>
  filter.team !== undefined || filter.by === "team" ? "team" : filter.label !== undefined || filter.by === "label" ? "label" : undefined;

/** Each row is counted in the account's total, its inbox's and its user's (-1 for "all"): the one level the filter reads. */
const level = (filter: RollupFilter) => {
  if (filter.user !== undefined) return sql` and r.inbox_id = -1 and r.user_id = ${filter.user}`;
  if (filter.inboxes !== undefined || filter.by === "inbox_id") return sql` and r.user_id = -1 and r.inbox_id <> -1`;
  if (filter.by === "user_id") return sql` and r.inbox_id = -1 and r.user_id <> -1`;
  return sql` and r.inbox_id = -1 and r.user_id = -1`;
};

/**
 * A raw row's conversation (alias `c`) in the team or label, and the row's group: the team's id
 * or each of the conversation's labels. `join` follows the conversation (and its labels).
 */
const groupSql = (dimension: "team" | "label", filter: RollupFilter) => {
  if (dimension === "team") {
    return { join: sql``, condition: filter.team === undefined ? sql`c.team_id is not null` : sql`c.team_id = ${filter.team}`, key: sql`c.team_id::text` };
  }
  if (filter.label !== undefined) return { join: sql``, condition: sql`${filter.label} = any(c.labels)`, key: sql`${filter.label}::text` };
  return { join: sql` cross join unnest(c.labels) as l(title)`, condition: sql`true`, key: sql`l.title` };
};

/** Off only in tests, which compare the rollup path with the raw one over the same data. */
export const rollupPath = { enabled: true };

const HOUR_MS = 3_600_000;

/** The whole UTC hours inside [since, until]: [from, to), empty when from >= to. */
export const wholeHours = (window: ReportWindow) => ({
  from: new Date(Math.ceil(window.since.getTime() / HOUR_MS) * HOUR_MS),
  to: new Date(Math.floor(window.until.getTime() / HOUR_MS) * HOUR_MS),
});

const offsetMinutes = (format: Intl.DateTimeFormat, instant: number) => {
  const name = format.formatToParts(new Date(instant)).find((part) => part.type === "timeZoneName")!.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
};

const DAY_MS = 86_400_000;

/**
 * Whether every UTC hour of the window falls inside one bucket of the zone: its offset is whole
 * hours throughout. A named zone is sampled daily (offsets change at most a few times a year).
 */
export const wholeHourZone = (zone: ReportZone, window: ReportWindow) => {
  if (zone.name === undefined) return zone.offsetMinutes % 60 === 0;
  const format = new Intl.DateTimeFormat("en-US", { timeZone: zone.name, timeZoneName: "longOffset" });
  const since = window.since.getTime();
  const until = window.until.getTime();
  for (let instant = since; ; instant = Math.min(instant + DAY_MS, until)) {
    if (offsetMinutes(format, instant) % 60 !== 0) return false;
    if (instant === until) return true;
  }
};

const list = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

const EVENT_KEYS_EXCLUDED = new Set(["conversations", "incoming", "outgoing"]);

/**
 * The rows of the keys over each window, as (w, key, t, g, n, s): w the window's index, g the
 * row's group when the filter groups (an inbox's or user's id, a team's id, a label; as text),
 * n rows and s the sum of their values (in business hours with `businessHours`). Whole hours
 * come from the rollups, the edges from the sources themselves, so sums over a window are the
 * raw figures. Inbox and user 0 stand for none, as in the rollups.
 */
export const rollupRows = (account: number, keys: readonly RollupKey[], windows: readonly ReportWindow[], filter: RollupFilter, businessHours?: boolean): SQL => {
  const events = keys.filter((key) => !EVENT_KEYS_EXCLUDED.has(key));
  const messageTypes = [...(keys.includes("incoming") ? [0] : []), ...(keys.includes("outgoing") ? [1] : [])];
  const inboxIn = (column: SQL) => (filter.inboxes === undefined ? sql`` : sql` and ${column} in (${list(filter.inboxes)})`);
  const dimension = groupOf(filter);
  const group = dimension === undefined ? undefined : groupSql(dimension, filter);
  // A raw row's group, and for messages and events the way to their conversation.
  const groupBy = (inbox: SQL, user: SQL) =>
    group ? group.key : filter.by === "inbox_id" ? sql`${inbox}::text` : filter.by === "user_id" ? sql`${user}::text` : sql`null::text`;
  const viaConversation = (column: SQL) => (group ? sql` join ${conversations} c on c.id = ${column}${group.join}` : sql``);
  const inGroup = group ? sql` and ${group.condition}` : sql``;
  const sender = sql`case when m.message_type = 1 and m.sender_type = 'User' then coalesce(m.sender_id, 0) else 0 end`;
  const parts = windows.flatMap((window, w) => {
    const { from, to } = wholeHours(window);
    const whole = from < to;
    // The raw rows: both ends included (Chatwoot's BETWEEN), the whole hours left to the rollups.
    const edges = (time: SQL) =>
      whole
        ? sql`((${time} >= ${at(window.since)} and ${time} < ${at(from)}) or (${time} >= ${at(to)} and ${time} <= ${at(window.until)}))`
        : sql`${time} between ${at(window.since)} and ${at(window.until)}`;
    const summed = businessHours ? sql`r.value_bh_sum` : sql`r.value_sum`;
    const part: SQL[] = [];
    if (whole && dimension !== undefined) {
      const key = filter.team !== undefined ? String(filter.team) : filter.label;
      part.push(sql`
        select ${w}::int as w, r.metric as key, r.hour as t, r.key as g, r.count as n, ${summed} as s
        from ${reportGroupRollups} r
        where r.account_id = ${account} and r.dimension = ${dimension} and r.metric in (${list(keys)}) and r.hour >= ${at(from)} and r.hour < ${at(to)}
          ${key === undefined ? sql`` : sql` and r.key = ${key}`}`);
    } else if (whole) {
      const g = filter.by === "inbox_id" ? sql`r.inbox_id::text` : filter.by === "user_id" ? sql`r.user_id::text` : sql`null::text`;
      part.push(sql`
        select ${w}::int as w, r.metric as key, r.hour as t, ${g} as g, r.count as n, ${summed} as s
        from ${reportRollups} r
        where r.account_id = ${account} and r.metric in (${list(keys)}) and r.hour >= ${at(from)} and r.hour < ${at(to)}
          ${inboxIn(sql`r.inbox_id`)} ${level(filter)}`);
    }
    if (keys.includes("conversations") && filter.user === undefined) {
      part.push(sql`
        select ${w}::int as w, 'conversations'::text as key, c.created_at as t, ${groupBy(sql`c.inbox_id`, sql`0`)} as g, 1::bigint as n, 0::float8 as s
        from ${conversations} c${group?.join ?? sql``}
        where c.account_id = ${account} and ${edges(sql`c.created_at`)} ${inboxIn(sql`c.inbox_id`)}${inGroup}`);
    }
    if (messageTypes.length > 0) {
      part.push(sql`
        select ${w}::int as w, case when m.message_type = 0 then 'incoming' else 'outgoing' end as key, m.created_at as t,
          ${groupBy(sql`m.inbox_id`, sender)} as g, 1::bigint as n, 0::float8 as s
        from ${messages} m${viaConversation(sql`m.conversation_id`)}
        where m.account_id = ${account} and m.message_type in (${list(messageTypes)}) and not m.private and ${edges(sql`m.created_at`)}
          ${inboxIn(sql`m.inbox_id`)} ${filter.user === undefined ? sql`` : sql` and ${sender} = ${filter.user}`}${inGroup}`);
    }
    if (events.length > 0) {
      part.push(sql`
        select ${w}::int as w, r.name as key, r.created_at as t, ${groupBy(sql`coalesce(r.inbox_id, 0)`, sql`coalesce(r.user_id, 0)`)} as g, 1::bigint as n,
          ${businessHours ? sql`r.value_in_business_hours` : sql`r.value`} as s
        from ${reportingEvents} r${viaConversation(sql`r.conversation_id`)}
        where r.account_id = ${account} and r.name in (${list(events)}) and ${edges(sql`r.created_at`)}
          ${inboxIn(sql`coalesce(r.inbox_id, 0)`)} ${filter.user === undefined ? sql`` : sql` and r.user_id = ${filter.user}`}${inGroup}`);
    }
    return part;
  });
  return sql`(${sql.join(parts, sql` union all `)})`;
};

/** A count over the rows matching `when`, 0 when none. */
export const rollupCount = (when: SQL) => sql`coalesce(sum(n) filter (where ${when}), 0)::bigint`;

/** An average over the rows matching `when`: the sum of values over the count, null when none (Chatwoot's AVG). */
export const rollupAverage = (when: SQL) => sql`(sum(s) filter (where ${when}) / nullif(sum(n) filter (where ${when}), 0))::float8`;
