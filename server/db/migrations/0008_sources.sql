ALTER TABLE "analyses" ALTER COLUMN "source" SET DEFAULT 'sample';--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "data_source" SET DEFAULT 'none';--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "data_taken_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "download_taken_at" timestamp with time zone;--> statement-breakpoint
-- Sources get the names the app shows (README "Sources"): the sample network and the owner's download.
UPDATE "analyses" SET "source" = CASE "source" WHEN 'import' THEN 'download' ELSE 'sample' END;--> statement-breakpoint
UPDATE "users" SET "data_source" = CASE
  WHEN "last_updated_at" IS NULL THEN 'none'
  WHEN "data_source" = 'import' THEN 'download'
  ELSE 'sample' END;--> statement-breakpoint
UPDATE "users" SET "data_taken_at" = (
  SELECT max("snapshots"."taken_at") FROM "snapshots"
  JOIN "analyses" ON "analyses"."id" = "snapshots"."analysis_id"
  WHERE "snapshots"."user_id" = "users"."id" AND "analyses"."source" = "users"."data_source");--> statement-breakpoint
UPDATE "users" SET "download_taken_at" = (
  SELECT max("snapshots"."taken_at") FROM "snapshots"
  JOIN "analyses" ON "analyses"."id" = "snapshots"."analysis_id"
  WHERE "snapshots"."user_id" = "users"."id" AND "analyses"."source" = 'download');
