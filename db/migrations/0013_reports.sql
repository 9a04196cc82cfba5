ALTER TABLE "reporting_events" ALTER COLUMN "value_in_business_hours" SET DEFAULT 0;--> statement-breakpoint
UPDATE "reporting_events" SET "value_in_business_hours" = 0 WHERE "value_in_business_hours" IS NULL;--> statement-breakpoint
ALTER TABLE "reporting_events" ALTER COLUMN "value_in_business_hours" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "reporting_events" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "allocations" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "allocations" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "view_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Existing rows: the best the stored history tells (the last change is the status change; one view is known).
UPDATE "reporting_events" SET "updated_at" = "created_at";--> statement-breakpoint
UPDATE "allocations" SET "status_changed_at" = "updated_at" WHERE "status" <> 'tentative';--> statement-breakpoint
UPDATE "allocations" SET "confirmed_at" = "updated_at" WHERE "status" = 'confirmed';--> statement-breakpoint
UPDATE "quotes" SET "view_count" = 1 WHERE "viewed_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "conversations_account_created_idx" ON "conversations" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "reporting_events_account_name_inbox_idx" ON "reporting_events" USING btree ("account_id","name","inbox_id","created_at");--> statement-breakpoint
CREATE INDEX "reporting_events_account_name_user_idx" ON "reporting_events" USING btree ("account_id","name","user_id","created_at");--> statement-breakpoint
CREATE INDEX "reporting_events_conversation_idx" ON "reporting_events" USING btree ("conversation_id","name","event_end_time");