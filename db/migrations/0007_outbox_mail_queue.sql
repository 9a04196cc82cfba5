-- The outbox becomes the mail queue. Rows written before it were never queued: their sender is
-- rebuilt the way senderAddress() built it (MAIL_FROM, an environment setting, is not known here),
-- and a sent or failed one had made its one attempt.
ALTER TABLE "outbox_messages" ADD COLUMN "from_address" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "attachment_content_type" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "attachment_content" "bytea";--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "last_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "error_code" text;--> statement-breakpoint
UPDATE "outbox_messages" AS m
SET "from_address" = '"' || replace(replace(a."name", '"', ''), '\', '') || '" <' || coalesce(a."support_email", 'no-reply@venuedesk.invalid') || '>',
  "attempts" = CASE WHEN m."status" IN ('sent', 'failed') THEN 1 ELSE 0 END,
  "last_attempt_at" = CASE WHEN m."status" IN ('sent', 'failed') THEN coalesce(m."sent_at", m."created_at") END
FROM "accounts" AS a
WHERE a."id" = m."account_id";--> statement-breakpoint
ALTER TABLE "outbox_messages" ALTER COLUMN "from_address" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_messages_due_idx" ON "outbox_messages" USING btree ("next_attempt_at") WHERE "outbox_messages"."status" = 'queued';--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_status_check" CHECK ("outbox_messages"."status" in ('queued', 'sent', 'stored', 'failed'));
