CREATE TABLE "inbox_counts" (
	"contractor_id" uuid NOT NULL,
	"state" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "inbox_counts_contractor_id_state_pk" PRIMARY KEY("contractor_id","state")
);
--> statement-breakpoint
ALTER TABLE "inbox_counts" ADD CONSTRAINT "inbox_counts_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Written by hand (decision 026): the counts follow request_pros in the same
-- transaction. One statement per change, its rows in key order, so two
-- transactions lock the counts they share in the same order. A business being
-- deleted takes its counts with it: its changes are not written back.
CREATE FUNCTION "inbox_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER "request_pros_counted_insert" AFTER INSERT ON "request_pros"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox_counts_follow();--> statement-breakpoint
CREATE TRIGGER "request_pros_counted_update" AFTER UPDATE ON "request_pros"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION inbox_counts_follow();--> statement-breakpoint
CREATE TRIGGER "request_pros_counted_delete" AFTER DELETE ON "request_pros"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION inbox_counts_follow();--> statement-breakpoint
INSERT INTO "inbox_counts" ("contractor_id", "state", "n")
  SELECT "contractor_id", "state", count(*) FROM "request_pros" GROUP BY 1, 2;
