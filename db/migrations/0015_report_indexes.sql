DROP INDEX "reporting_events_account_name_idx";--> statement-breakpoint
DROP INDEX "reporting_events_account_name_inbox_idx";--> statement-breakpoint
DROP INDEX "reporting_events_account_name_user_idx";--> statement-breakpoint
CREATE INDEX "messages_report_idx" ON "messages" USING btree ("account_id","message_type","created_at","inbox_id","sender_type","sender_id","conversation_id") WHERE not "messages"."private";--> statement-breakpoint
CREATE INDEX "reporting_events_account_created_idx" ON "reporting_events" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "reporting_events_account_name_idx" ON "reporting_events" USING btree ("account_id","name","created_at","value","value_in_business_hours","conversation_id","inbox_id","user_id");--> statement-breakpoint
CREATE INDEX "reporting_events_account_name_inbox_idx" ON "reporting_events" USING btree ("account_id","name","inbox_id","created_at","value","value_in_business_hours","conversation_id");--> statement-breakpoint
CREATE INDEX "reporting_events_account_name_user_idx" ON "reporting_events" USING btree ("account_id","name","user_id","created_at","value","value_in_business_hours","conversation_id");