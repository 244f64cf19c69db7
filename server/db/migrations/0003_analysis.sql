CREATE TABLE "analyses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"username" text NOT NULL,
	"account_id" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"followers_cursor" text,
	"following_cursor" text,
	"followers_done" boolean DEFAULT false NOT NULL,
	"following_done" boolean DEFAULT false NOT NULL,
	"followers_collected" integer DEFAULT 0 NOT NULL,
	"following_collected" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "analysis_chunks" (
	"analysis_id" uuid NOT NULL,
	"list" text NOT NULL,
	"seq" integer NOT NULL,
	"ids" "bytea" NOT NULL,
	CONSTRAINT "analysis_chunks_analysis_id_list_seq_pk" PRIMARY KEY("analysis_id","list","seq")
);
--> statement-breakpoint
CREATE TABLE "analysis_lists" (
	"analysis_id" uuid NOT NULL,
	"list" text NOT NULL,
	"ids" "bytea" NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "analysis_lists_analysis_id_list_pk" PRIMARY KEY("analysis_id","list")
);
--> statement-breakpoint
CREATE TABLE "follow_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "follow_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"analysis_id" uuid NOT NULL,
	"insta_id" text NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"insta_id" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"full_name" text NOT NULL,
	"image_url" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "snapshots" (
	"analysis_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"followers" "bytea" NOT NULL,
	"following" "bytea" NOT NULL,
	"followers_count" integer NOT NULL,
	"following_count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_chunks" ADD CONSTRAINT "analysis_chunks_analysis_id_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_lists" ADD CONSTRAINT "analysis_lists_analysis_id_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_events" ADD CONSTRAINT "follow_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_events" ADD CONSTRAINT "follow_events_analysis_id_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "snapshots" ADD CONSTRAINT "snapshots_analysis_id_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "snapshots" ADD CONSTRAINT "snapshots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analyses_user_idx" ON "analyses" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "analyses_one_running_idx" ON "analyses" USING btree ("user_id") WHERE status = 'running';--> statement-breakpoint
CREATE INDEX "follow_events_user_idx" ON "follow_events" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "snapshots_user_idx" ON "snapshots" USING btree ("user_id","taken_at");