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
