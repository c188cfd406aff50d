-- A real business's rating, count and sum of stars follow its published
-- reviews in the same transaction as the change, so no code path can forget
-- them (decision 029). Sample listings keep their sample figures.
-- Set by migration 0010_reviews.sql (README.md here).
CREATE OR REPLACE FUNCTION "contractor_rating_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  business uuid;
BEGIN
  FOR business IN
    SELECT DISTINCT x FROM unnest(ARRAY[
      CASE WHEN TG_OP <> 'INSERT' THEN OLD.contractor_id END,
      CASE WHEN TG_OP <> 'DELETE' THEN NEW.contractor_id END
    ]) AS x WHERE x IS NOT NULL ORDER BY x
  LOOP
    UPDATE contractors c
      SET review_count = s.n,
          review_stars = s.total,
          rating = CASE WHEN s.n = 0 THEN 0 ELSE round(s.total::numeric / s.n, 1) END
      FROM (
        SELECT count(*)::integer AS n, coalesce(sum(stars), 0)::integer AS total
        FROM reviews WHERE contractor_id = business AND removed_at IS NULL
      ) s
      WHERE c.id = business AND NOT c.is_sample;
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER "reviews_rated" AFTER INSERT OR DELETE OR UPDATE OF stars, removed_at, contractor_id
  ON "reviews" FOR EACH ROW EXECUTE FUNCTION contractor_rating_follow();
