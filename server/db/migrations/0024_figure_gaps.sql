ALTER TABLE "users" ALTER COLUMN "post_count" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "reel_count" DROP NOT NULL;--> statement-breakpoint
-- Issue 51: a first analysis or import compared nothing, so its new and lost followers were never measured.
UPDATE "users" SET "new_followers" = NULL, "followers_lost" = NULL
WHERE "data_source" IN ('sample', 'download')
  AND (SELECT count(*) FROM "snapshots" s JOIN "analyses" a ON a."id" = s."analysis_id"
       WHERE s."user_id" = "users"."id" AND a."source" = "users"."data_source") = 1;--> statement-breakpoint
-- A download without posts did not say 0 posts (older clients did not tell whether posts were asked for).
UPDATE "users" SET "post_count" = NULL, "reel_count" = NULL
WHERE "data_source" = 'download' AND "official_collected_at" IS NULL AND "post_count" = 0 AND "reel_count" = 0;
