-- No two visits holding time for one business overlap (issue 34): the
-- database refuses the second of two bookings of the same slot whatever the
-- application does. A visit holds [starts_at, blocked_until): its length and
-- the buffer the business keeps after it. Applied by migration 0015;
-- btree_gist gives the uuid its equality in a GiST index (PGlite loads the
-- extension at start, app/lib/db.server.ts).
CREATE EXTENSION IF NOT EXISTS btree_gist;

ALTER TABLE "visits" ADD CONSTRAINT "visits_no_overlap" EXCLUDE USING gist ("contractor_id" WITH =, tstzrange("starts_at", "blocked_until") WITH &&) WHERE ("state" IN ('booked', 'rescheduled'));
