ALTER TABLE "payments" ADD COLUMN "method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_subscriptions" ADD COLUMN "billing_anchor_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "trial_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "trial_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
-- Issue 34: a trial renews into the Monthly plan the offer lists, at its listed price (it said $29.99 beside a $19.99 Monthly). Only rows still at the old seed price change.
UPDATE "plans" SET "unit_amount_cents" = 1999, "meta_info" = "meta_info" || '{"renews_as": "premium-monthly"}'::jsonb WHERE "plan_id" IN ('premium-trial', 'premium-trial-lp1') AND "unit_amount_cents" = 2999;
