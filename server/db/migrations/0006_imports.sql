CREATE TABLE "import_chunks" (
	"analysis_id" uuid NOT NULL,
	"list" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"count" integer NOT NULL,
	"first_id" text NOT NULL,
	"last_id" text NOT NULL,
	CONSTRAINT "import_chunks_analysis_id_list_seq_pk" PRIMARY KEY("analysis_id","list","seq")
);
--> statement-breakpoint
ALTER TABLE "analyses" ADD COLUMN "source" text DEFAULT 'network' NOT NULL;--> statement-breakpoint
ALTER TABLE "analyses" ADD COLUMN "digest" text;--> statement-breakpoint
ALTER TABLE "analyses" ADD COLUMN "import_meta" jsonb;--> statement-breakpoint
ALTER TABLE "snapshots" ADD COLUMN "followers_at" "bytea";--> statement-breakpoint
ALTER TABLE "snapshots" ADD COLUMN "following_at" "bytea";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "data_source" text DEFAULT 'network' NOT NULL;--> statement-breakpoint
ALTER TABLE "import_chunks" ADD CONSTRAINT "import_chunks_analysis_id_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."analyses"("id") ON DELETE cascade ON UPDATE no action;