-- The one way rows leave the audit log (decision 038): purge_audit_log(t)
-- deletes the rows written before t, which must be at least 24 months ago
-- (AUDIT_LOG_KEPT_MONTHS), and records it: first its own audit row (how many
-- go, up to when), then, naming that row in tradematch.audit_purge for this
-- transaction only, the delete the append-only trigger then allows
-- (audit-log-append-only.sql). Returns how many rows went; when none are due
-- it writes nothing. Housekeeping calls it every hour.
-- Set by migration 0014_audit_log_purge.sql (README.md here).
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
