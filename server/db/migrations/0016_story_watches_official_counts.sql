CREATE TABLE "story_watches" (
	"user_id" uuid NOT NULL,
	"story_user_id" text NOT NULL,
	"seen_until" timestamp with time zone NOT NULL,
	"watched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "story_watches_user_id_story_user_id_pk" PRIMARY KEY("user_id","story_user_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "official_counts" jsonb;--> statement-breakpoint
ALTER TABLE "story_watches" ADD CONSTRAINT "story_watches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;