CREATE TABLE "official_deletions" (
	"confirmation_code" text PRIMARY KEY NOT NULL,
	"app_user_id" text NOT NULL,
	"found" boolean NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "new_followers" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "followers_lost" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "profile_views_count" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "official_app_user_id" text;