CREATE TABLE "follower_renames" (
	"analysis_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"from_name" text NOT NULL,
	"to_name" text NOT NULL,
	"followed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "follower_renames_analysis_id_from_name_pk" PRIMARY KEY("analysis_id","from_name")
);
--> statement-breakpoint
ALTER TABLE "follower_renames" ADD CONSTRAINT "follower_renames_analysis_id_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follower_renames" ADD CONSTRAINT "follower_renames_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;