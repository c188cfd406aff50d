-- The inbox counts follow request_pros in the same transaction (decision
-- 026). One statement per change, its rows in key order, so two transactions
-- lock the counts they share in the same order. A business being deleted
-- takes its counts with it: its changes are not written back.
-- Set by migration 0006_inbox_counts.sql (README.md here).
CREATE OR REPLACE FUNCTION "inbox_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO inbox_counts AS c (contractor_id, state, n)
      SELECT d.contractor_id, d.state, count(*) FROM new_rows d
      WHERE EXISTS (SELECT 1 FROM contractors WHERE contractors.id = d.contractor_id)
      GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (contractor_id, state) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO inbox_counts AS c (contractor_id, state, n)
      SELECT d.contractor_id, d.state, -count(*) FROM old_rows d
      WHERE EXISTS (SELECT 1 FROM contractors WHERE contractors.id = d.contractor_id)
      GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (contractor_id, state) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO inbox_counts AS c (contractor_id, state, n)
      SELECT d.contractor_id, d.state, sum(d.n) FROM (
        SELECT contractor_id, state, 1 AS n FROM new_rows
        UNION ALL
        SELECT contractor_id, state, -1 AS n FROM old_rows
      ) d
      WHERE EXISTS (SELECT 1 FROM contractors WHERE contractors.id = d.contractor_id)
      GROUP BY 1, 2 HAVING sum(d.n) <> 0 ORDER BY 1, 2
      ON CONFLICT (contractor_id, state) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER "request_pros_counted_insert" AFTER INSERT ON "request_pros"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox_counts_follow();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "request_pros_counted_update" AFTER UPDATE ON "request_pros"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION inbox_counts_follow();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "request_pros_counted_delete" AFTER DELETE ON "request_pros"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox_counts_follow();
