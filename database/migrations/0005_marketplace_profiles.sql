CREATE TABLE "business_claims" (
	"contractor_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_claims_contractor_id_user_id_pk" PRIMARY KEY("contractor_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid,
	"contractor_id" uuid,
	"position" integer NOT NULL,
	"webp" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photos_owner_check" CHECK (("photos"."lead_id" is null) <> ("photos"."contractor_id" is null))
);
--> statement-breakpoint
DROP INDEX "request_pros_inbox_idx";--> statement-breakpoint
ALTER TABLE "outbox_jobs" ALTER COLUMN "lead_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "country" text DEFAULT 'US' NOT NULL;--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "services" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "years_in_business" integer;--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "licence_number" text;--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "licence_region" text;--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "insurance_carrier" text;--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "base_place" text;--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "service_radius" integer;--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "radius_unit" text DEFAULT 'mi' NOT NULL;--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "hours" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "show_phone" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "show_email" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "show_address" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "demo_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "business_claims" ADD CONSTRAINT "business_claims_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_claims" ADD CONSTRAINT "business_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photos_lead_id_idx" ON "photos" USING btree ("lead_id","position");--> statement-breakpoint
CREATE INDEX "photos_contractor_id_idx" ON "photos" USING btree ("contractor_id","position");--> statement-breakpoint
CREATE INDEX "request_pros_newest_idx" ON "request_pros" USING btree ("contractor_id","consent_at","lead_id","state");--> statement-breakpoint
CREATE INDEX "request_pros_inbox_idx" ON "request_pros" USING btree ("contractor_id","state","consent_at","lead_id");--> statement-breakpoint
ALTER TABLE "contractors" ADD CONSTRAINT "contractors_years_check" CHECK ("contractors"."years_in_business" between 0 and 200);--> statement-breakpoint
ALTER TABLE "contractors" ADD CONSTRAINT "contractors_radius_check" CHECK ("contractors"."service_radius" between 1 and 500);