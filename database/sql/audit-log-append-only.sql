-- The audit log is append-only (decision 027). The app only inserts; the
-- database refuses to change or remove a row, whoever asks, with one
-- exception (decision 038): a row older than the retention (24 months,
-- AUDIT_LOG_KEPT_MONTHS in app/lib/retention.ts) may be deleted in a
-- transaction whose tradematch.audit_purge setting names the purge's own
-- audit row, written in that transaction (purge_audit_log, audit-log-purge.sql).
-- A client that sets it by hand must first write that row, and can then
-- delete only what the purge would: the worst it can do is a purge.
-- Set by migrations 0007_operator_console.sql and 0014_audit_log_purge.sql (README.md here).
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
CREATE OR REPLACE TRIGGER "audit_log_no_update_or_delete" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
