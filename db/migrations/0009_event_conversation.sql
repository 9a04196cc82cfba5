ALTER TABLE "planning_events" ADD COLUMN "conversation_id" integer;--> statement-breakpoint
ALTER TABLE "planning_events" ADD CONSTRAINT "planning_events_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "planning_events_contact_idx" ON "planning_events" USING btree ("contact_id","created_at");--> statement-breakpoint
CREATE INDEX "planning_events_conversation_idx" ON "planning_events" USING btree ("conversation_id");