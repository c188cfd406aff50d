-- Written by hand: the columns and checks of 0013's schema (paused_until …
-- expiry_warned_at, the two new request_pros states) that 0013's SQL left out.
-- Idempotent, so that a database that ran 0013 and a fresh one end the same.
ALTER TABLE "contractors" ADD COLUMN IF NOT EXISTS "paused_until" date;--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN IF NOT EXISTS "weekly_limit" integer;--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN IF NOT EXISTS "inactive_paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contractors" DROP CONSTRAINT IF EXISTS "contractors_weekly_limit_check";--> statement-breakpoint
ALTER TABLE "contractors" ADD CONSTRAINT "contractors_weekly_limit_check" CHECK ("contractors"."weekly_limit" between 1 and 100);--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN IF NOT EXISTS "consent_version" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN IF NOT EXISTS "consent_address" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN IF NOT EXISTS "consent_user_agent" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN IF NOT EXISTS "closed_reason" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN IF NOT EXISTS "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN IF NOT EXISTS "expiry_warned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" DROP CONSTRAINT IF EXISTS "leads_closed_reason_check";--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_closed_reason_check" CHECK ("leads"."closed_reason" in ('found_someone', 'postponed', 'too_expensive', 'other'));--> statement-breakpoint
ALTER TABLE "request_pros" ADD COLUMN IF NOT EXISTS "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "request_pros" DROP CONSTRAINT IF EXISTS "request_pros_state_check";--> statement-breakpoint
ALTER TABLE "request_pros" ADD CONSTRAINT "request_pros_state_check" CHECK ("request_pros"."state" in ('sent', 'viewed', 'accepted', 'declined', 'quoted', 'hired', 'not_chosen', 'no_answer', 'removed'));--> statement-breakpoint
-- database/sql/audit-log-append-only.sql: a row past the retention may leave through the purge.
CREATE OR REPLACE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  purge text := current_setting('tradematch.audit_purge', true);
BEGIN
  IF TG_OP = 'DELETE' AND OLD."at" < now() - interval '24 months' AND purge ~ '^[0-9]{1,18}$'
    AND EXISTS (SELECT 1 FROM "audit_log" WHERE "id" = purge::bigint
      AND "action" = 'audit_log.purge' AND "at" = now()) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % is refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
-- database/sql/audit-log-purge.sql: the purge, the one way out (decision 038).
CREATE OR REPLACE FUNCTION "purge_audit_log"("older_than" timestamptz) RETURNS bigint
  LANGUAGE plpgsql AS $$
DECLARE
  due bigint;
  gone bigint;
  purge_id bigint;
BEGIN
  IF "older_than" > now() - interval '24 months' THEN
    RAISE EXCEPTION 'audit_log keeps 24 months: rows since % stay', now() - interval '24 months'
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  SELECT count(*) INTO due FROM "audit_log" WHERE "at" < "older_than";
  IF due = 0 THEN
    RETURN 0;
  END IF;
  INSERT INTO "audit_log" ("actor_email", "action", "subject_type", "subject_id", "after")
    VALUES ('housekeeping', 'audit_log.purge', 'audit_log', 'older than ' || "older_than"::text,
      jsonb_build_object('olderThan', "older_than", 'deleted', due))
    RETURNING "id" INTO purge_id;
  PERFORM set_config('tradematch.audit_purge', purge_id::text, true);
  DELETE FROM "audit_log" WHERE "at" < "older_than";
  GET DIAGNOSTICS gone = ROW_COUNT;
  PERFORM set_config('tradematch.audit_purge', '', true);
  -- A row written meanwhile with an old time would go uncounted: refuse, the next hour retries.
  IF gone <> due THEN
    RAISE EXCEPTION 'audit_log purge: % rows were due, % went', due, gone;
  END IF;
  RETURN gone;
END
$$;
