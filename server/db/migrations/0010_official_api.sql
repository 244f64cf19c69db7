CREATE TABLE "official_account" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"stories" jsonb,
	"online_followers" jsonb,
	"collected_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "official_days" (
	"user_id" uuid NOT NULL,
	"day" text NOT NULL,
	"follows" integer,
	"unfollows" integer,
	"profile_views" integer,
	"reach" integer,
	"followers" integer,
	"following" integer,
	CONSTRAINT "official_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "official_media" (
	"user_id" uuid NOT NULL,
	"media_id" text NOT NULL,
	"shortcode" text NOT NULL,
	"product" text NOT NULL,
	"media_type" text NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"likes" integer NOT NULL,
	"comments" integer NOT NULL,
	"views" integer,
	"reach" integer,
	"saved" integer,
	"shares" integer,
	"interactions" integer,
	"permalink" text NOT NULL,
	"media_url" text NOT NULL,
	"thumbnail_url" text NOT NULL,
	"children" jsonb NOT NULL,
	"comment_texts" jsonb,
	"collected_at" timestamp with time zone NOT NULL,
	CONSTRAINT "official_media_user_id_media_id_pk" PRIMARY KEY("user_id","media_id")
);
--> statement-breakpoint
CREATE TABLE "official_tokens" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"sealed" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"scopes" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analyses" ADD COLUMN "media_cursor" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "official_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "official_account_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "official_username" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "official_connected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "official_collected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "official_account" ADD CONSTRAINT "official_account_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "official_days" ADD CONSTRAINT "official_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "official_media" ADD CONSTRAINT "official_media_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "official_tokens" ADD CONSTRAINT "official_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "official_media_taken_idx" ON "official_media" USING btree ("user_id","taken_at");