CREATE TABLE "contractor_verifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"contractor_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"registry" text NOT NULL,
	"registry_address" text NOT NULL,
	"checked_on" date NOT NULL,
	"result" text NOT NULL,
	"expires_on" date,
	"notes" text DEFAULT '' NOT NULL,
	"operator_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contractor_verifications_kind_check" CHECK ("contractor_verifications"."kind" in ('licence', 'insurance')),
	CONSTRAINT "contractor_verifications_result_check" CHECK ("contractor_verifications"."result" in ('verified', 'not_found', 'mismatch', 'lapsed')),
	CONSTRAINT "contractor_verifications_expiry_check" CHECK ("contractor_verifications"."result" <> 'verified' or "contractor_verifications"."expires_on" is not null)
);
--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contractors" ADD COLUMN "suspended_reason" text;--> statement-breakpoint
ALTER TABLE "contractor_verifications" ADD CONSTRAINT "contractor_verifications_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_verifications" ADD CONSTRAINT "contractor_verifications_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contractor_verifications_lookup_idx" ON "contractor_verifications" USING btree ("contractor_id","kind","id");