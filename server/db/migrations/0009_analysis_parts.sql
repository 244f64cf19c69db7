CREATE TABLE "analysis_parts" (
	"analysis_id" uuid NOT NULL,
	"name" text NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "analysis_parts_analysis_id_name_seq_pk" PRIMARY KEY("analysis_id","name","seq")
);
--> statement-breakpoint
ALTER TABLE "analysis_parts" ADD CONSTRAINT "analysis_parts_analysis_id_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."analyses"("id") ON DELETE cascade ON UPDATE no action;