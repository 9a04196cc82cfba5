CREATE TABLE "conversation_counters" (
	"account_id" integer NOT NULL,
	"inbox_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"status" smallint NOT NULL,
	"assignee_id" integer NOT NULL,
	"conversations_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "conversation_counters_account_id_status_inbox_id_team_id_assignee_id_pk" PRIMARY KEY("account_id","status","inbox_id","team_id","assignee_id")
);
--> statement-breakpoint
ALTER TABLE "conversation_counters" ADD CONSTRAINT "conversation_counters_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Counters move by statement, not by row: a bulk change (a team deleted, an agent removed)
-- applies one delta per key. Keys are written in key order so that two statements touching
-- the same counters lock them in the same order. Rows for an account that is being deleted
-- are skipped (the cascade removes that account's counters).
CREATE FUNCTION conversation_counters_apply(deltas jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO conversation_counters AS c (account_id, status, inbox_id, team_id, assignee_id, conversations_count)
  SELECT d.account_id, d.status, d.inbox_id, d.team_id, d.assignee_id, d.delta
  FROM jsonb_to_recordset(deltas) AS d(account_id integer, status smallint, inbox_id integer, team_id integer, assignee_id integer, delta integer)
  WHERE d.delta <> 0 AND EXISTS (SELECT 1 FROM accounts a WHERE a.id = d.account_id)
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (account_id, status, inbox_id, team_id, assignee_id)
  DO UPDATE SET conversations_count = c.conversations_count + excluded.conversations_count
$$;
--> statement-breakpoint
CREATE FUNCTION conversation_counters_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM conversation_counters_apply(coalesce((
    SELECT jsonb_agg(d) FROM (
      SELECT account_id, status, inbox_id, coalesce(team_id, 0) AS team_id, coalesce(assignee_id, 0) AS assignee_id, count(*) AS delta
      FROM new_rows GROUP BY 1, 2, 3, 4, 5
    ) d), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION conversation_counters_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM conversation_counters_apply(coalesce((
    SELECT jsonb_agg(d) FROM (
      SELECT account_id, status, inbox_id, team_id, assignee_id, sum(delta) AS delta FROM (
        SELECT account_id, status, inbox_id, coalesce(team_id, 0) AS team_id, coalesce(assignee_id, 0) AS assignee_id, 1 AS delta FROM new_rows
        UNION ALL
        SELECT account_id, status, inbox_id, coalesce(team_id, 0), coalesce(assignee_id, 0), -1 FROM old_rows
      ) moves GROUP BY 1, 2, 3, 4, 5 HAVING sum(delta) <> 0
    ) d), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION conversation_counters_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM conversation_counters_apply(coalesce((
    SELECT jsonb_agg(d) FROM (
      SELECT account_id, status, inbox_id, coalesce(team_id, 0) AS team_id, coalesce(assignee_id, 0) AS assignee_id, -count(*) AS delta
      FROM old_rows GROUP BY 1, 2, 3, 4, 5
    ) d), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER conversation_counters_insert AFTER INSERT ON conversations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION conversation_counters_on_insert();
--> statement-breakpoint
CREATE TRIGGER conversation_counters_update AFTER UPDATE ON conversations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION conversation_counters_on_update();
--> statement-breakpoint
CREATE TRIGGER conversation_counters_delete AFTER DELETE ON conversations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION conversation_counters_on_delete();
--> statement-breakpoint
INSERT INTO conversation_counters (account_id, status, inbox_id, team_id, assignee_id, conversations_count)
SELECT account_id, status, inbox_id, coalesce(team_id, 0), coalesce(assignee_id, 0), count(*)
FROM conversations GROUP BY 1, 2, 3, 4, 5;
