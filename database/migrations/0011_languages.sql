ALTER TABLE "contractors" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "contractors" ADD CONSTRAINT "contractors_locale_check" CHECK ("contractors"."locale" in ('en', 'es', 'fr'));--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_locale_check" CHECK ("leads"."locale" in ('en', 'es', 'fr'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale_check" CHECK ("users"."locale" in ('en', 'es', 'fr'));