-- Reporting events: the business-hours measure, the one way an event row is written (the writer in
-- lib/reports/record.ts and this backfill both call it), and the backfill of existing conversations.
-- Every statement can run again without changing anything (tests/api/reporting-events-backfill.test.ts
-- re-runs this file): functions are replaced, and the backfill only adds events a conversation lacks.
--
-- Seconds of [from_at, to_at] inside an inbox's weekly working hours, read as wall-clock times in its
-- zone: each local day's opening and closing are turned into instants with that day's offset, so a
-- 09:00-17:00 day stays 8 hours across a DST change. A day without a row, or closed_all_day, is
-- closed; open_all_day is the whole local day (midnight to midnight). 0 when the hours are disabled.
-- It reads only its arguments and converts by zone name (never the session's TimeZone); stable, not
-- immutable, because jsonb_to_recordset is.
CREATE OR REPLACE FUNCTION business_seconds(working_hours jsonb, enabled boolean, tz text, from_at timestamptz, to_at timestamptz)
RETURNS double precision LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN NOT coalesce(enabled, false) OR jsonb_typeof(working_hours) IS DISTINCT FROM 'array' OR from_at IS NULL OR to_at IS NULL OR from_at >= to_at THEN 0
    ELSE coalesce((
      SELECT sum(extract(epoch FROM least(to_at, o.close_at) - greatest(from_at, o.open_at)))::double precision
      FROM generate_series((from_at AT TIME ZONE tz)::date::timestamp, (to_at AT TIME ZONE tz)::date::timestamp, interval '1 day') AS d(day)
      JOIN jsonb_to_recordset(working_hours) AS w(day_of_week int, closed_all_day boolean, open_all_day boolean, open_hour int, open_minutes int, close_hour int, close_minutes int)
        ON w.day_of_week = extract(dow FROM d.day) AND NOT coalesce(w.closed_all_day, false)
      CROSS JOIN LATERAL (
        SELECT
          (d.day + CASE WHEN w.open_all_day THEN interval '0' ELSE make_interval(hours => w.open_hour, mins => w.open_minutes) END) AT TIME ZONE tz AS open_at,
          (d.day + CASE WHEN w.open_all_day THEN interval '1 day' ELSE make_interval(hours => w.close_hour, mins => w.close_minutes) END) AT TIME ZONE tz AS close_at
      ) o
      WHERE o.open_at < to_at AND o.close_at > from_at AND o.open_at < o.close_at
    ), 0)
  END
$$;
--> statement-breakpoint
-- Chatwoot's last_non_human_activity, as it stood at `until`: the latest bot hand-off or opening, else
-- the last bot resolution, else the conversation's creation. A first response is measured from it.
CREATE OR REPLACE FUNCTION reporting_last_non_human_activity(conversation integer, created timestamptz, until timestamptz)
RETURNS timestamptz LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(
    (SELECT max(e.event_end_time) FROM reporting_events e
      WHERE e.conversation_id = conversation AND e.name IN ('conversation_bot_handoff', 'conversation_opened') AND e.event_end_time <= until),
    (SELECT e.event_end_time FROM reporting_events e
      WHERE e.conversation_id = conversation AND e.name = 'conversation_bot_resolved' AND e.event_end_time <= until
      ORDER BY e.id DESC LIMIT 1),
    created)
$$;
--> statement-breakpoint
-- One reporting event of a conversation, measured from `from_at` to `end_at` in seconds, in all hours
-- and in its inbox's working hours. A null `from_at` is an event with nothing to measure (Chatwoot's
-- first opening): value 0, starting at the conversation's creation. Recorded at `end_at`.
CREATE OR REPLACE FUNCTION record_reporting_event(event_name text, conversation integer, by_user integer, from_at timestamptz, end_at timestamptz)
RETURNS void LANGUAGE sql VOLATILE AS $$
  INSERT INTO reporting_events (account_id, name, value, value_in_business_hours, conversation_id, inbox_id, user_id,
                                event_start_time, event_end_time, created_at, updated_at)
  SELECT c.account_id, event_name, coalesce(greatest(0, extract(epoch FROM end_at - from_at)), 0),
         business_seconds(i.working_hours, i.working_hours_enabled, i.timezone, from_at, end_at),
         c.id, c.inbox_id, by_user, coalesce(from_at, c.created_at), end_at, end_at, end_at
  FROM conversations c JOIN inboxes i ON i.id = c.inbox_id
  WHERE c.id = conversation
$$;
--> statement-breakpoint
-- Existing events never had their business-hours value: measured now over the span they record.
-- A span that measured nothing (a first opening) stays 0.
UPDATE reporting_events r
SET value_in_business_hours = b.seconds, updated_at = now()
FROM (
  SELECT e.id, CASE WHEN e.value = 0 THEN 0
    ELSE business_seconds(i.working_hours, i.working_hours_enabled, i.timezone, e.event_start_time, e.event_end_time) END AS seconds
  FROM reporting_events e JOIN inboxes i ON i.id = e.inbox_id
) b
WHERE b.id = r.id AND r.value_in_business_hours IS DISTINCT FROM b.seconds;
--> statement-breakpoint
-- Resolutions: no history of status changes is stored, so a resolved conversation without a
-- conversation_resolved event gets one at its last update — an approximation (the last change is
-- usually the resolution, but not always). As the writer does, a resolution in an inbox run by a bot
-- with no agent's message ever is the bot's too.
SELECT record_reporting_event('conversation_resolved', c.id, c.assignee_id, c.created_at, c.updated_at),
       CASE WHEN i.agent_bot_id IS NOT NULL AND NOT EXISTS (
         SELECT 1 FROM messages m WHERE m.conversation_id = c.id AND m.message_type = 1 AND m.sender_type = 'User'
       ) THEN record_reporting_event('conversation_bot_resolved', c.id, c.assignee_id, c.created_at, c.updated_at) END
FROM conversations c JOIN inboxes i ON i.id = c.inbox_id
WHERE c.status = 1
  AND NOT EXISTS (SELECT 1 FROM reporting_events e WHERE e.conversation_id = c.id AND e.name = 'conversation_resolved');
--> statement-breakpoint
-- First responses: the first reply's time is on the conversation, its agent is the sender of the first
-- public message an agent sent (null when that message or agent is gone).
SELECT record_reporting_event('first_response', c.id, (
         SELECT u.id FROM messages m JOIN users u ON u.id = m.sender_id
         WHERE m.conversation_id = c.id AND m.message_type = 1 AND m.sender_type = 'User' AND NOT m.private
         ORDER BY m.created_at, m.id LIMIT 1
       ), reporting_last_non_human_activity(c.id, c.created_at, c.first_reply_created_at), c.first_reply_created_at)
FROM conversations c
WHERE c.first_reply_created_at IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM reporting_events e WHERE e.conversation_id = c.id AND e.name = 'first_response');
--> statement-breakpoint
-- Reply times: a contact's message starts a wait unless one is running; an agent's public message ends
-- it. Every agent reply after the first (which is the first response) that ends a wait is one
-- reply_time, from the wait's first incoming message. Only for conversations without any yet.
WITH flagged AS (
  SELECT m.id, m.conversation_id, m.sender_id, m.created_at, m.message_type,
         (m.message_type = 1 AND m.sender_type = 'User' AND NOT m.private) AS is_reply
  FROM messages m
  WHERE m.message_type IN (0, 1)
    AND NOT EXISTS (SELECT 1 FROM reporting_events e WHERE e.conversation_id = m.conversation_id AND e.name = 'reply_time')
), runs AS (
  SELECT f.*, count(*) FILTER (WHERE f.is_reply) OVER (
           PARTITION BY f.conversation_id ORDER BY f.created_at, f.id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING
         ) AS replies_before
  FROM flagged f
), waits AS (
  SELECT conversation_id, replies_before, min(created_at) AS since FROM runs WHERE message_type = 0 GROUP BY 1, 2
)
SELECT record_reporting_event('reply_time', r.conversation_id, u.id, w.since, r.created_at)
FROM runs r
JOIN waits w ON w.conversation_id = r.conversation_id AND w.replies_before = r.replies_before
LEFT JOIN users u ON u.id = r.sender_id
WHERE r.is_reply AND r.replies_before >= 1;
