-- Every change of an outbox job's status stamps updated_at, whoever makes it
-- (the worker, an operator's retry or resolve); housekeeping prunes delivered
-- jobs by it (decision 037).
-- Set by migration 0012_outbox_updated_at.sql (README.md here).
CREATE OR REPLACE FUNCTION "outbox_jobs_stamp_status"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER "outbox_jobs_status_changed" BEFORE UPDATE OF "status" ON "outbox_jobs"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION outbox_jobs_stamp_status();
