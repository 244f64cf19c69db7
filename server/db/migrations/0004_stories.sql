CREATE TABLE "story_pages" (
	"user_id" uuid NOT NULL,
	"cursor" text NOT NULL,
	"size" integer NOT NULL,
	"users" jsonb NOT NULL,
	"next" text,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "story_pages_user_id_cursor_size_pk" PRIMARY KEY("user_id","cursor","size")
);
--> statement-breakpoint
ALTER TABLE "story_pages" ADD CONSTRAINT "story_pages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;