-- Pricing plans have integer ids (INTERFACE.md); the event's choice follows them. No event had one yet.
ALTER TABLE "planning_events" ALTER COLUMN "pricing_plan_id" SET DATA TYPE integer USING NULL;
--> statement-breakpoint
ALTER TABLE "planning_events" ADD CONSTRAINT "planning_events_pricing_plan_id_fk" FOREIGN KEY ("pricing_plan_id") REFERENCES "public"."pricing_plans"("id") ON DELETE set null;
