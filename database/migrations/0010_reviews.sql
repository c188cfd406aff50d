CREATE TABLE "review_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"review_id" uuid NOT NULL,
	"reporter_id" uuid,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decision" text,
	CONSTRAINT "review_reports_reason_check" CHECK ("review_reports"."reason" in ('personal_information', 'abusive', 'not_about_the_job', 'conflict_of_interest', 'illegal')),
	CONSTRAINT "review_reports_decision_check" CHECK (("review_reports"."decision" is null) = ("review_reports"."decided_at" is null))
);
--> statement-breakpoint
CREATE TABLE "review_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"review_id" uuid NOT NULL,
	"stars" integer NOT NULL,
	"body" text NOT NULL,
	"written_at" timestamp with time zone NOT NULL,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"contractor_id" uuid NOT NULL,
	"author_id" uuid,
	"author_name" text NOT NULL,
	"stars" integer NOT NULL,
	"body" text NOT NULL,
	"service" text,
	"job_month" date NOT NULL,
	"insider" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"reply_body" text,
	"replied_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"removed_reason" text,
	CONSTRAINT "reviews_stars_check" CHECK ("reviews"."stars" between 1 and 5),
	CONSTRAINT "reviews_body_check" CHECK (char_length("reviews"."body") between 20 and 2000),
	CONSTRAINT "reviews_reply_check" CHECK (("reviews"."reply_body" is null) = ("reviews"."replied_at" is null) and char_length("reviews"."reply_body") <= 2000),
	CONSTRAINT "reviews_removed_check" CHECK (("reviews"."removed_at" is null) = ("reviews"."removed_reason" is null) and ("reviews"."removed_reason" is null or "reviews"."removed_reason" in ('personal_information', 'abusive', 'not_about_the_job', 'conflict_of_interest', 'illegal')))
);
--> statement-breakpoint
ALTER TABLE "photos" DROP CONSTRAINT "photos_owner_check";--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "review_stars" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "review_id" uuid;--> statement-breakpoint
ALTER TABLE "request_pros" ADD COLUMN "responded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_versions" ADD CONSTRAINT "review_versions_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_lead_id_contractor_id_request_pros_lead_id_contractor_id_fk" FOREIGN KEY ("lead_id","contractor_id") REFERENCES "public"."request_pros"("lead_id","contractor_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_reports_once_key" ON "review_reports" USING btree ("review_id","reporter_id");--> statement-breakpoint
CREATE INDEX "review_reports_waiting_idx" ON "review_reports" USING btree ("created_at") WHERE "review_reports"."decided_at" is null;--> statement-breakpoint
CREATE INDEX "review_versions_review_idx" ON "review_versions" USING btree ("review_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_once_key" ON "reviews" USING btree ("lead_id","contractor_id");--> statement-breakpoint
CREATE INDEX "reviews_contractor_idx" ON "reviews" USING btree ("contractor_id","created_at");--> statement-breakpoint
CREATE INDEX "reviews_author_idx" ON "reviews" USING btree ("author_id");--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photos_review_id_idx" ON "photos" USING btree ("review_id","position");--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_owner_check" CHECK (num_nonnulls("photos"."lead_id", "photos"."contractor_id", "photos"."message_id", "photos"."review_id") = 1);--> statement-breakpoint
-- Written by hand (decision 029): a real business's rating, count and sum of
-- stars follow its published reviews in the same transaction as the change,
-- so no code path can forget them. Sample listings keep their sample figures.
CREATE FUNCTION "contractor_rating_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER "reviews_rated" AFTER INSERT OR DELETE OR UPDATE OF stars, removed_at, contractor_id
  ON "reviews" FOR EACH ROW EXECUTE FUNCTION contractor_rating_follow();--> statement-breakpoint
-- Sample listings: the sum behind their sample figures (for the same ranking formula).
UPDATE "contractors" SET "review_stars" = round("rating" * "review_count")::integer WHERE "is_sample";--> statement-breakpoint
-- Real businesses had no reviews before this migration: their figures start at zero.
UPDATE "contractors" SET "rating" = 0, "review_count" = 0, "review_stars" = 0 WHERE NOT "is_sample";--> statement-breakpoint
-- Answers given before response times were kept: an accept's time, or a decline's last change.
UPDATE "request_pros" SET "responded_at" = coalesce("accepted_at", "updated_at")
  WHERE "state" NOT IN ('sent', 'viewed');
