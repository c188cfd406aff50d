ALTER TABLE "users" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_active_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "users_demo_last_active_at_idx" ON "users" USING btree ("last_active_at") WHERE "users"."demo";--> statement-breakpoint
-- The one demo account every visitor used to share goes, with its requests and sessions (cascade):
-- local sign-in now gives each browser a demo account of its own.
DELETE FROM "users" WHERE "provider" = 'local' AND "subject" = 'demo';
