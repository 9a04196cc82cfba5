CREATE TABLE "report_rollups" (
	"account_id" integer NOT NULL,
	"metric" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"inbox_id" integer NOT NULL,
	"user_id" integer DEFAULT 0 NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"value_sum" double precision DEFAULT 0 NOT NULL,
	"value_bh_sum" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "report_rollups_account_id_metric_hour_inbox_id_user_id_pk" PRIMARY KEY("account_id","metric","hour","inbox_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "report_rollups" ADD CONSTRAINT "report_rollups_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Where a row counts: the account's total (inbox and user -1), its inbox's (user -1) and its
-- user's (inbox -1), the three ways reports read them; a report never needs inbox and user at once.
CREATE FUNCTION report_rollups_levels(inbox integer, sender integer) RETURNS TABLE (inbox_id integer, user_id integer)
LANGUAGE sql IMMUTABLE AS $$ VALUES (-1, -1), ($1, -1), (-1, $2) $$;
--> statement-breakpoint
-- A statement's rows with their sign: +1 for the new rows, -1 for the old ones. Only the
-- transition tables the trigger has exist, so the query over them is built for the operation.
CREATE FUNCTION report_rollups_moves(op text, columns text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE op
    WHEN 'INSERT' THEN format('SELECT %s, 1 AS sign FROM new_rows', columns)
    WHEN 'DELETE' THEN format('SELECT %s, -1 AS sign FROM old_rows', columns)
    ELSE format('SELECT %s, 1 AS sign FROM new_rows UNION ALL SELECT %s, -1 FROM old_rows', columns, columns)
  END
$$;
--> statement-breakpoint
-- Rollups move by statement, as conversation_counters (0003): each statement's rows become one
-- delta per key, the old rows of an UPDATE leaving their key and the new ones joining theirs
-- (a moved created_at, a backfilled value_in_business_hours). Keys are written in key order so
-- that two statements touching the same hours lock them in the same order; rows for an account
-- that is being deleted are skipped (the cascade removes that account's rollups). The deltas go
-- straight into the table (no jsonb round trip as 0003).
-- Each source's rows as (account, metric, time, inbox, user, value, value in business hours):
-- conversations by creation and inbox; public incoming and outgoing messages, outgoing's user
-- its sender when a User sent it; reporting events by name, inbox and user, with their values.
CREATE FUNCTION report_rollups_on_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  columns text := CASE TG_TABLE_NAME
    WHEN 'conversations' THEN 'account_id, created_at, inbox_id'
    WHEN 'messages' THEN 'account_id, message_type, created_at, inbox_id, sender_type, sender_id, private'
    ELSE 'account_id, name, created_at, inbox_id, user_id, value, value_in_business_hours'
  END;
  keyed text := CASE TG_TABLE_NAME
    WHEN 'conversations' THEN $k$SELECT account_id, 'conversations', created_at, inbox_id, 0, 0::float8, 0::float8, sign FROM moves$k$
    WHEN 'messages' THEN $k$SELECT account_id, CASE WHEN message_type = 0 THEN 'incoming' ELSE 'outgoing' END, created_at, inbox_id,
      CASE WHEN message_type = 1 AND sender_type = 'User' THEN coalesce(sender_id, 0) ELSE 0 END, 0::float8, 0::float8, sign
      FROM moves WHERE message_type IN (0, 1) AND NOT private$k$
    ELSE $k$SELECT account_id, name, created_at, coalesce(inbox_id, 0), coalesce(user_id, 0), value, value_in_business_hours, sign FROM moves$k$
  END;
BEGIN
  EXECUTE format($q$
    WITH moves AS (%s), keyed (account_id, metric, created_at, inbox_id, user_id, value, value_bh, sign) AS (%s)
    INSERT INTO report_rollups AS r (account_id, metric, hour, inbox_id, user_id, count, value_sum, value_bh_sum)
    SELECT account_id, metric, date_trunc('hour', created_at, 'UTC'), k.inbox_id, k.user_id, sum(sign), sum(sign * value), sum(sign * value_bh)
    FROM keyed CROSS JOIN LATERAL report_rollups_levels(keyed.inbox_id, keyed.user_id) k
    WHERE EXISTS (SELECT 1 FROM accounts a WHERE a.id = keyed.account_id)
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(sign) <> 0 OR sum(sign * value) <> 0 OR sum(sign * value_bh) <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (account_id, metric, hour, inbox_id, user_id)
    DO UPDATE SET count = r.count + excluded.count, value_sum = r.value_sum + excluded.value_sum, value_bh_sum = r.value_bh_sum + excluded.value_bh_sum
    $q$, report_rollups_moves(TG_OP, columns), keyed);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The same three statement triggers on each source.
DO $$
DECLARE source text;
BEGIN
  FOREACH source IN ARRAY ARRAY['conversations', 'messages', 'reporting_events'] LOOP
    EXECUTE format('CREATE TRIGGER report_rollups_insert AFTER INSERT ON %1$I
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_rollups_on_change()', source);
    EXECUTE format('CREATE TRIGGER report_rollups_update AFTER UPDATE ON %1$I
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_rollups_on_change()', source);
    EXECUTE format('CREATE TRIGGER report_rollups_delete AFTER DELETE ON %1$I
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_rollups_on_change()', source);
  END LOOP;
END $$;
--> statement-breakpoint
-- The existing rows, one aggregate per source (the same keys as the triggers').
INSERT INTO report_rollups (account_id, metric, hour, inbox_id, user_id, count)
SELECT c.account_id, 'conversations', date_trunc('hour', c.created_at, 'UTC'), k.inbox_id, k.user_id, count(*)
FROM conversations c CROSS JOIN LATERAL report_rollups_levels(c.inbox_id, 0) k GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO report_rollups (account_id, metric, hour, inbox_id, user_id, count)
SELECT m.account_id, CASE WHEN m.message_type = 0 THEN 'incoming' ELSE 'outgoing' END, date_trunc('hour', m.created_at, 'UTC'), k.inbox_id, k.user_id, count(*)
FROM messages m
  CROSS JOIN LATERAL report_rollups_levels(m.inbox_id, CASE WHEN m.message_type = 1 AND m.sender_type = 'User' THEN coalesce(m.sender_id, 0) ELSE 0 END) k
WHERE m.message_type IN (0, 1) AND NOT m.private GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO report_rollups (account_id, metric, hour, inbox_id, user_id, count, value_sum, value_bh_sum)
SELECT r.account_id, r.name, date_trunc('hour', r.created_at, 'UTC'), k.inbox_id, k.user_id, count(*), sum(r.value), sum(r.value_in_business_hours)
FROM reporting_events r CROSS JOIN LATERAL report_rollups_levels(coalesce(r.inbox_id, 0), coalesce(r.user_id, 0)) k GROUP BY 1, 2, 3, 4, 5;
