CREATE TABLE "plans" (
	"plan_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"plan_type" smallint NOT NULL,
	"code" text NOT NULL,
	"interval_length" integer NOT NULL,
	"unit_amount_cents" integer NOT NULL,
	"unit_amount_before_discount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"setup_fee_cents" integer NOT NULL,
	"meta_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
