-- Issue 43: a business's own feed for its owner (the pro's schedule), beside each person's.
DROP INDEX "calendar_feeds_live_key";--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD COLUMN "contractor_id" uuid;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_business_live_key" ON "calendar_feeds" USING btree ("contractor_id") WHERE "calendar_feeds"."revoked_at" is null and "calendar_feeds"."contractor_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_live_key" ON "calendar_feeds" USING btree ("user_id") WHERE "calendar_feeds"."revoked_at" is null and "calendar_feeds"."contractor_id" is null;