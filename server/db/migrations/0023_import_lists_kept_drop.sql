ALTER TABLE "users" ADD COLUMN "pending_follow_requests" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "recently_unfollowed_profiles" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "kept_download_digest" text;