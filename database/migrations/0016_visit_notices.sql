ALTER TABLE "visits" DROP CONSTRAINT "visits_times_check";--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "changed_by" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "cause" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "told" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_times_check" CHECK (("visits"."starts_at" is null and "visits"."state" in ('proposed', 'cancelled_by_homeowner', 'cancelled_by_pro')) or ("visits"."starts_at" is not null and "visits"."ends_at" > "visits"."starts_at" and "visits"."blocked_until" >= "visits"."ends_at"));--> statement-breakpoint
-- Visits made before notices were told by email at each step: both sides know their state.
UPDATE "visits" SET "told" = jsonb_build_object(
  'homeowner', jsonb_build_object('state', "state", 'startsAt', "starts_at"),
  'pro', jsonb_build_object('state', "state", 'startsAt', "starts_at"));
