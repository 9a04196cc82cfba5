CREATE TABLE "report_group_rollups" (
	"account_id" integer NOT NULL,
	"dimension" text NOT NULL,
	"metric" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"key" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"value_sum" double precision DEFAULT 0 NOT NULL,
	"value_bh_sum" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "report_group_rollups_account_id_dimension_metric_hour_key_pk" PRIMARY KEY("account_id","dimension","metric","hour","key")
);
--> statement-breakpoint
ALTER TABLE "report_group_rollups" ADD CONSTRAINT "report_group_rollups_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- 0017 does two things. It keeps report figures by the conversation's team and labels too
-- (report_group_rollups), and it rewrites the rollups' triggers: 0016 built its statement on each
-- call (EXECUTE format) and ran it on every update of a conversation, though every message
-- updates its conversation and nothing usually moves. Now each source has its own function of
-- static SQL (plans cached), and an UPDATE returns at once unless a row changed a column the
-- rollups are keyed on.
--
-- A move: rows of one source leaving (n < 0) or joining (n > 0) their keys, with the sums of their
-- values. `levels` moves count in report_rollups (account, inbox, user); every move counts under
-- its conversation's team and labels in report_group_rollups.
CREATE TYPE report_move AS (
	account_id integer, metric text, created_at timestamptz, inbox_id integer, user_id integer,
	team_id integer, labels text[], n bigint, value double precision, value_bh double precision, levels boolean
);
--> statement-breakpoint
-- Where a row counts by its conversation: its team (key: the team's id) and each of its labels.
CREATE FUNCTION report_rollups_groups(team integer, labels text[]) RETURNS TABLE (dimension text, key text)
LANGUAGE sql IMMUTABLE AS $$ SELECT 'team', $1::text WHERE $1 IS NOT NULL UNION ALL SELECT 'label', l FROM unnest($2) l $$;
--> statement-breakpoint
-- Applies moves to both tables, each in key order (two statements touching the same hours lock
-- them in the same order); moves of an account that is being deleted are skipped (the cascade
-- removes its rollups), as are the null moves of rows no report counts.
CREATE FUNCTION report_rollups_apply(moves report_move[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_rollups AS r (account_id, metric, hour, inbox_id, user_id, count, value_sum, value_bh_sum)
  SELECT m.account_id, m.metric, date_trunc('hour', m.created_at, 'UTC'), k.inbox_id, k.user_id, sum(m.n), sum(m.value), sum(m.value_bh)
  FROM unnest(moves) m CROSS JOIN LATERAL report_rollups_levels(m.inbox_id, m.user_id) k
  WHERE m.levels AND EXISTS (SELECT 1 FROM accounts a WHERE a.id = m.account_id)
  GROUP BY 1, 2, 3, 4, 5 HAVING sum(m.n) <> 0 OR sum(m.value) <> 0 OR sum(m.value_bh) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (account_id, metric, hour, inbox_id, user_id)
  DO UPDATE SET count = r.count + excluded.count, value_sum = r.value_sum + excluded.value_sum, value_bh_sum = r.value_bh_sum + excluded.value_bh_sum;

  INSERT INTO report_group_rollups AS r (account_id, dimension, metric, hour, key, count, value_sum, value_bh_sum)
  SELECT m.account_id, g.dimension, m.metric, date_trunc('hour', m.created_at, 'UTC'), g.key, sum(m.n), sum(m.value), sum(m.value_bh)
  FROM unnest(moves) m CROSS JOIN LATERAL report_rollups_groups(m.team_id, m.labels) g
  WHERE EXISTS (SELECT 1 FROM accounts a WHERE a.id = m.account_id)
  GROUP BY 1, 2, 3, 4, 5 HAVING sum(m.n) <> 0 OR sum(m.value) <> 0 OR sum(m.value_bh) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (account_id, dimension, metric, hour, key)
  DO UPDATE SET count = r.count + excluded.count, value_sum = r.value_sum + excluded.value_sum, value_bh_sum = r.value_bh_sum + excluded.value_bh_sum;
END $$;
--> statement-breakpoint
-- Each source's row as a move (the keys of 0016): a conversation by its creation and inbox; a public
-- incoming or outgoing message (null otherwise), outgoing's user its sender when a User sent it;
-- a reporting event by name, inbox and user with its values. Team and labels are the conversation's.
CREATE FUNCTION report_rollups_conversation(account integer, created timestamptz, inbox integer, team integer, labels text[], sign integer)
RETURNS report_move LANGUAGE sql IMMUTABLE AS $$ SELECT ROW($1, 'conversations', $2, $3, 0, $4, $5, $6, 0, 0, true)::report_move $$;
--> statement-breakpoint
CREATE FUNCTION report_rollups_message(account integer, message_type integer, private boolean, created timestamptz, inbox integer, sender_type text, sender integer, team integer, labels text[], sign integer)
RETURNS report_move LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN $2 IN (0, 1) AND NOT $3 THEN
    ROW($1, CASE WHEN $2 = 0 THEN 'incoming' ELSE 'outgoing' END, $4, $5, CASE WHEN $2 = 1 AND $6 = 'User' THEN coalesce($7, 0) ELSE 0 END, $8, $9, $10, 0, 0, true)::report_move
  END
$$;
--> statement-breakpoint
CREATE FUNCTION report_rollups_event(account integer, name text, created timestamptz, inbox integer, "user" integer, value double precision, value_bh double precision, team integer, labels text[], sign integer)
RETURNS report_move LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW($1, $2, $3, coalesce($4, 0), coalesce($5, 0), $8, $9, $10, $10 * $6, $10 * $7, true)::report_move
$$;
--> statement-breakpoint
-- A conversation's messages and events by metric and hour: what moves when its team or labels change.
CREATE FUNCTION report_rollups_children(conversation_ids integer[])
RETURNS TABLE (conversation_id integer, account_id integer, metric text, hour timestamptz, n bigint, value double precision, value_bh double precision)
LANGUAGE sql STABLE AS $$
  SELECT m.conversation_id, m.account_id, CASE WHEN m.message_type = 0 THEN 'incoming' ELSE 'outgoing' END, date_trunc('hour', m.created_at, 'UTC'), count(*), 0::float8, 0::float8
  FROM messages m WHERE m.conversation_id = ANY ($1) AND m.message_type IN (0, 1) AND NOT m.private GROUP BY 1, 2, 3, 4
  UNION ALL
  SELECT r.conversation_id, r.account_id, r.name, date_trunc('hour', r.created_at, 'UTC'), count(*), sum(r.value), sum(r.value_in_business_hours)
  FROM reporting_events r WHERE r.conversation_id = ANY ($1) GROUP BY 1, 2, 3, 4
$$;
--> statement-breakpoint
-- Conversations. An UPDATE that changes a conversation's team or labels moves its messages and
-- events too: out of the old team and labels, into the new.
CREATE FUNCTION report_rollups_on_conversations() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moves report_move[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    moves := ARRAY(SELECT report_rollups_conversation(c.account_id, c.created_at, c.inbox_id, c.team_id, c.labels, 1) FROM new_rows c);
  ELSIF TG_OP = 'DELETE' THEN
    moves := ARRAY(SELECT report_rollups_conversation(c.account_id, c.created_at, c.inbox_id, c.team_id, c.labels, -1) FROM old_rows c);
  ELSE
    IF NOT EXISTS (
      SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.account_id, o.created_at, o.inbox_id, o.team_id, o.labels) IS DISTINCT FROM (n.account_id, n.created_at, n.inbox_id, n.team_id, n.labels)
    ) THEN
      RETURN NULL;
    END IF;
    moves := ARRAY(
      WITH changed AS (
        SELECT o.id, o.account_id, o.created_at AS old_created, o.inbox_id AS old_inbox, o.team_id AS old_team, o.labels AS old_labels,
          n.created_at AS new_created, n.inbox_id AS new_inbox, n.team_id AS new_team, n.labels AS new_labels
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.account_id, o.created_at, o.inbox_id, o.team_id, o.labels) IS DISTINCT FROM (n.account_id, n.created_at, n.inbox_id, n.team_id, n.labels)
      ), regrouped AS (
        SELECT * FROM changed WHERE (old_team, old_labels) IS DISTINCT FROM (new_team, new_labels)
      ), children AS (
        SELECT * FROM report_rollups_children(ARRAY(SELECT id FROM regrouped))
      )
      SELECT report_rollups_conversation(x.account_id, x.old_created, x.old_inbox, x.old_team, x.old_labels, -1) FROM changed x
      UNION ALL
      SELECT report_rollups_conversation(x.account_id, x.new_created, x.new_inbox, x.new_team, x.new_labels, 1) FROM changed x
      UNION ALL
      SELECT ROW(ch.account_id, ch.metric, ch.hour, 0, 0, x.old_team, x.old_labels, -ch.n, -ch.value, -ch.value_bh, false)::report_move
      FROM children ch JOIN regrouped x ON x.id = ch.conversation_id
      UNION ALL
      SELECT ROW(ch.account_id, ch.metric, ch.hour, 0, 0, x.new_team, x.new_labels, ch.n, ch.value, ch.value_bh, false)::report_move
      FROM children ch JOIN regrouped x ON x.id = ch.conversation_id
    );
  END IF;
  PERFORM report_rollups_apply(moves);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A deleted conversation's messages and events leave its team and labels before the cascade
-- deletes them (once deleted, they no longer know their conversation); skipped when the account
-- itself is being deleted.
CREATE FUNCTION report_rollups_on_conversation_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD.team_id IS NULL AND cardinality(OLD.labels) = 0) OR NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = OLD.account_id) THEN
    RETURN OLD;
  END IF;
  PERFORM report_rollups_apply(ARRAY(
    SELECT ROW(ch.account_id, ch.metric, ch.hour, 0, 0, OLD.team_id, OLD.labels, -ch.n, -ch.value, -ch.value_bh, false)::report_move
    FROM report_rollups_children(ARRAY[OLD.id]) ch
  ));
  RETURN OLD;
END $$;
--> statement-breakpoint
-- Messages and events, under their conversation's team and labels as they are now (a row whose
-- conversation is gone counts under none). An UPDATE moves only the rows whose keys changed.
CREATE FUNCTION report_rollups_on_messages() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moves report_move[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    moves := ARRAY(
      SELECT report_rollups_message(m.account_id, m.message_type, m.private, m.created_at, m.inbox_id, m.sender_type, m.sender_id, c.team_id, c.labels, 1)
      FROM new_rows m LEFT JOIN conversations c ON c.id = m.conversation_id);
  ELSIF TG_OP = 'DELETE' THEN
    moves := ARRAY(
      SELECT report_rollups_message(m.account_id, m.message_type, m.private, m.created_at, m.inbox_id, m.sender_type, m.sender_id, c.team_id, c.labels, -1)
      FROM old_rows m LEFT JOIN conversations c ON c.id = m.conversation_id);
  ELSE
    moves := ARRAY(
      WITH changed AS (
        SELECT o.id FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.account_id, o.conversation_id, o.message_type, o.private, o.created_at, o.inbox_id, o.sender_type, o.sender_id)
          IS DISTINCT FROM (n.account_id, n.conversation_id, n.message_type, n.private, n.created_at, n.inbox_id, n.sender_type, n.sender_id)
      )
      SELECT report_rollups_message(m.account_id, m.message_type, m.private, m.created_at, m.inbox_id, m.sender_type, m.sender_id, c.team_id, c.labels, -1)
      FROM old_rows m LEFT JOIN conversations c ON c.id = m.conversation_id WHERE m.id IN (SELECT id FROM changed)
      UNION ALL
      SELECT report_rollups_message(m.account_id, m.message_type, m.private, m.created_at, m.inbox_id, m.sender_type, m.sender_id, c.team_id, c.labels, 1)
      FROM new_rows m LEFT JOIN conversations c ON c.id = m.conversation_id WHERE m.id IN (SELECT id FROM changed));
  END IF;
  IF cardinality(moves) > 0 THEN
    PERFORM report_rollups_apply(moves);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION report_rollups_on_reporting_events() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moves report_move[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    moves := ARRAY(
      SELECT report_rollups_event(r.account_id, r.name, r.created_at, r.inbox_id, r.user_id, r.value, r.value_in_business_hours, c.team_id, c.labels, 1)
      FROM new_rows r LEFT JOIN conversations c ON c.id = r.conversation_id);
  ELSIF TG_OP = 'DELETE' THEN
    moves := ARRAY(
      SELECT report_rollups_event(r.account_id, r.name, r.created_at, r.inbox_id, r.user_id, r.value, r.value_in_business_hours, c.team_id, c.labels, -1)
      FROM old_rows r LEFT JOIN conversations c ON c.id = r.conversation_id);
  ELSE
    moves := ARRAY(
      WITH changed AS (
        SELECT o.id FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.account_id, o.conversation_id, o.name, o.created_at, o.inbox_id, o.user_id, o.value, o.value_in_business_hours)
          IS DISTINCT FROM (n.account_id, n.conversation_id, n.name, n.created_at, n.inbox_id, n.user_id, n.value, n.value_in_business_hours)
      )
      SELECT report_rollups_event(r.account_id, r.name, r.created_at, r.inbox_id, r.user_id, r.value, r.value_in_business_hours, c.team_id, c.labels, -1)
      FROM old_rows r LEFT JOIN conversations c ON c.id = r.conversation_id WHERE r.id IN (SELECT id FROM changed)
      UNION ALL
      SELECT report_rollups_event(r.account_id, r.name, r.created_at, r.inbox_id, r.user_id, r.value, r.value_in_business_hours, c.team_id, c.labels, 1)
      FROM new_rows r LEFT JOIN conversations c ON c.id = r.conversation_id WHERE r.id IN (SELECT id FROM changed));
  END IF;
  IF cardinality(moves) > 0 THEN
    PERFORM report_rollups_apply(moves);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The triggers, now on each source's own function; 0016's shared one goes.
DO $$
DECLARE source text;
BEGIN
  FOREACH source IN ARRAY ARRAY['conversations', 'messages', 'reporting_events'] LOOP
    EXECUTE format('CREATE OR REPLACE TRIGGER report_rollups_insert AFTER INSERT ON %1$I
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_rollups_on_%1$s()', source);
    EXECUTE format('CREATE OR REPLACE TRIGGER report_rollups_update AFTER UPDATE ON %1$I
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_rollups_on_%1$s()', source);
    EXECUTE format('CREATE OR REPLACE TRIGGER report_rollups_delete AFTER DELETE ON %1$I
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_rollups_on_%1$s()', source);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_rollups_children BEFORE DELETE ON conversations FOR EACH ROW EXECUTE FUNCTION report_rollups_on_conversation_delete();
--> statement-breakpoint
DROP FUNCTION report_rollups_on_change();
--> statement-breakpoint
DROP FUNCTION report_rollups_moves(text, text);
--> statement-breakpoint
-- The existing rows by team and label, one aggregate per source (the same keys as the triggers').
INSERT INTO report_group_rollups (account_id, dimension, metric, hour, key, count)
SELECT c.account_id, g.dimension, 'conversations', date_trunc('hour', c.created_at, 'UTC'), g.key, count(*)
FROM conversations c CROSS JOIN LATERAL report_rollups_groups(c.team_id, c.labels) g GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO report_group_rollups (account_id, dimension, metric, hour, key, count)
SELECT m.account_id, g.dimension, CASE WHEN m.message_type = 0 THEN 'incoming' ELSE 'outgoing' END, date_trunc('hour', m.created_at, 'UTC'), g.key, count(*)
FROM messages m JOIN conversations c ON c.id = m.conversation_id CROSS JOIN LATERAL report_rollups_groups(c.team_id, c.labels) g
WHERE m.message_type IN (0, 1) AND NOT m.private GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO report_group_rollups (account_id, dimension, metric, hour, key, count, value_sum, value_bh_sum)
SELECT r.account_id, g.dimension, r.name, date_trunc('hour', r.created_at, 'UTC'), g.key, count(*), sum(r.value), sum(r.value_in_business_hours)
FROM reporting_events r JOIN conversations c ON c.id = r.conversation_id CROSS JOIN LATERAL report_rollups_groups(c.team_id, c.labels) g GROUP BY 1, 2, 3, 4, 5;
