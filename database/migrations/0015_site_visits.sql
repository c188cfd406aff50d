CREATE TABLE "calendar_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "visit_days_off" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contractor_id" uuid NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "visit_days_off_order_check" CHECK ("visit_days_off"."ends_on" >= "visit_days_off"."starts_on")
);
--> statement-breakpoint
CREATE TABLE "visit_options" (
	"visit_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "visit_options_visit_id_starts_at_pk" PRIMARY KEY("visit_id","starts_at"),
	CONSTRAINT "visit_options_order_check" CHECK ("visit_options"."ends_at" > "visit_options"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "visit_settings" (
	"contractor_id" uuid PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"weekly_hours" jsonb NOT NULL,
	"visit_minutes" integer NOT NULL,
	"buffer_minutes" integer NOT NULL,
	"notice_hours" integer NOT NULL,
	"horizon_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_settings_minutes_check" CHECK ("visit_settings"."visit_minutes" between 15 and 240),
	CONSTRAINT "visit_settings_buffer_check" CHECK ("visit_settings"."buffer_minutes" between 0 and 120),
	CONSTRAINT "visit_settings_notice_check" CHECK ("visit_settings"."notice_hours" between 0 and 168),
	CONSTRAINT "visit_settings_horizon_check" CHECK ("visit_settings"."horizon_days" between 1 and 365)
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"contractor_id" uuid NOT NULL,
	"state" text NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"blocked_until" timestamp with time zone,
	"time_zone" text NOT NULL,
	"address" text,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_by" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visits_times_check" CHECK (("visits"."starts_at" is null and "visits"."state" = 'proposed') or ("visits"."starts_at" is not null and "visits"."ends_at" > "visits"."starts_at" and "visits"."blocked_until" >= "visits"."ends_at"))
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_days_off" ADD CONSTRAINT "visit_days_off_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_options" ADD CONSTRAINT "visit_options_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_settings" ADD CONSTRAINT "visit_settings_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_request_pro_fk" FOREIGN KEY ("lead_id","contractor_id") REFERENCES "public"."request_pros"("lead_id","contractor_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_live_key" ON "calendar_feeds" USING btree ("user_id") WHERE "calendar_feeds"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "visit_days_off_contractor_idx" ON "visit_days_off" USING btree ("contractor_id","ends_on");--> statement-breakpoint
CREATE INDEX "visits_contractor_starts_idx" ON "visits" USING btree ("contractor_id","starts_at");--> statement-breakpoint
CREATE INDEX "visits_lead_idx" ON "visits" USING btree ("lead_id");--> statement-breakpoint
CREATE UNIQUE INDEX "visits_open_key" ON "visits" USING btree ("lead_id","contractor_id") WHERE "visits"."state" in ('proposed', 'booked', 'rescheduled');--> statement-breakpoint
-- Hand-written (database/sql/visit-overlap.sql): no two visits holding time for one business overlap.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_no_overlap" EXCLUDE USING gist ("contractor_id" WITH =, tstzrange("starts_at", "blocked_until") WITH &&) WHERE ("state" IN ('booked', 'rescheduled'));
