CREATE TABLE "captcha_replays" (
	"challenge" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analyses" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "analyses" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "analyses" ADD COLUMN "runs" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analyses" ADD COLUMN "waiters" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analyses" ADD COLUMN "cancel_requested" boolean DEFAULT false NOT NULL;