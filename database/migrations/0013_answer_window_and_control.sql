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
