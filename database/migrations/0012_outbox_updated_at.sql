ALTER TABLE "outbox_jobs" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Written by hand: existing jobs changed when they were sent, any other at the
-- latest when it was written.
UPDATE "outbox_jobs" SET "updated_at" = coalesce("sent_at", "created_at");--> statement-breakpoint
-- database/sql/outbox-updated-at.sql: every change of a job's status stamps updated_at.
CREATE OR REPLACE FUNCTION "outbox_jobs_stamp_status"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER "outbox_jobs_status_changed" BEFORE UPDATE OF "status" ON "outbox_jobs"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION outbox_jobs_stamp_status();
