ALTER TABLE "request_pros" DROP CONSTRAINT "request_pros_state_check";--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "paused_until" date;--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "weekly_limit" integer;--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "inactive_paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "consent_version" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "consent_address" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "consent_user_agent" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "closed_reason" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "expiry_warned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "request_pros" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contractors" ADD CONSTRAINT "contractors_weekly_limit_check" CHECK ("contractors"."weekly_limit" between 1 and 100);--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_closed_reason_check" CHECK ("leads"."closed_reason" in ('found_someone', 'postponed', 'too_expensive', 'other'));--> statement-breakpoint
ALTER TABLE "request_pros" ADD CONSTRAINT "request_pros_state_check" CHECK ("request_pros"."state" in ('sent', 'viewed', 'accepted', 'declined', 'quoted', 'hired', 'not_chosen', 'no_answer', 'removed'));--> statement-breakpoint
ALTER TABLE "request_pros" ADD COLUMN "answer_by" timestamp with time zone;--> statement-breakpoint
-- Written by hand: a part still waiting for the pro's answer when the answer
-- window came gets the whole window from now, and the job that ends it.
UPDATE "request_pros" SET "answer_by" = now() + interval '48 hours'
  WHERE "state" IN ('sent', 'viewed');--> statement-breakpoint
INSERT INTO "outbox_jobs" ("lead_id", "kind", "status", "payload", "next_attempt_at")
  SELECT "lead_id", 'answer_deadline', 'pending',
    jsonb_build_object('leadId', "lead_id", 'contractorId', "contractor_id"), "answer_by"
  FROM "request_pros" WHERE "state" IN ('sent', 'viewed')
  ORDER BY "answer_by", "lead_id", "contractor_id";
