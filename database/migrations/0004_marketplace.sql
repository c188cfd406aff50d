CREATE TABLE "quotes" (
	"lead_id" uuid NOT NULL,
	"contractor_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"min_cents" integer NOT NULL,
	"max_cents" integer NOT NULL,
	"included" text NOT NULL,
	"start_from" date NOT NULL,
	"start_to" date NOT NULL,
	"valid_until" date NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_lead_id_contractor_id_pk" PRIMARY KEY("lead_id","contractor_id"),
	CONSTRAINT "quotes_amount_check" CHECK (0 < "quotes"."min_cents" and "quotes"."min_cents" <= "quotes"."max_cents"),
	CONSTRAINT "quotes_dates_check" CHECK ("quotes"."start_from" <= "quotes"."start_to")
);
--> statement-breakpoint
CREATE TABLE "request_pros" (
	"lead_id" uuid NOT NULL,
	"contractor_id" uuid NOT NULL,
	"state" text DEFAULT 'sent' NOT NULL,
	"consent_text" text NOT NULL,
	"consent_version" text NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"client_address" text NOT NULL,
	"user_agent" text NOT NULL,
	"decline_reason" text,
	"viewed_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_pros_lead_id_contractor_id_pk" PRIMARY KEY("lead_id","contractor_id"),
	CONSTRAINT "request_pros_state_check" CHECK ("request_pros"."state" in ('sent', 'viewed', 'accepted', 'declined', 'quoted', 'hired', 'not_chosen')),
	CONSTRAINT "request_pros_decline_check" CHECK (("request_pros"."state" = 'declined') = ("request_pros"."decline_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "leads" DROP CONSTRAINT "leads_status_check";--> statement-breakpoint
-- "pending" is now "sent" (a request reached the business; the dashboard still says Pending).
UPDATE "leads" SET "status" = 'sent' WHERE "status" = 'pending';--> statement-breakpoint
ALTER TABLE "leads" ALTER COLUMN "status" SET DEFAULT 'sent';--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_lead_id_contractor_id_request_pros_lead_id_contractor_id_fk" FOREIGN KEY ("lead_id","contractor_id") REFERENCES "public"."request_pros"("lead_id","contractor_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_pros" ADD CONSTRAINT "request_pros_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_pros" ADD CONSTRAINT "request_pros_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_pros_inbox_idx" ON "request_pros" USING btree ("contractor_id","state","consent_at");--> statement-breakpoint
ALTER TABLE "contractors" ADD CONSTRAINT "contractors_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contractors_owner_id_idx" ON "contractors" USING btree ("owner_id");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_status_check" CHECK ("leads"."status" in ('draft', 'sent', 'scheduled', 'in_progress', 'completed', 'cancelled'));